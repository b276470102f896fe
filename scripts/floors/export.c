/*
 * The export floor of the bench (scripts/bench.ts, issue #9): what C pays to export Waves as
 * WAV files with the app's atomic writes — each chain read (one pread per run of neighbouring
 * blocks), a 44-byte header plus the PCM bytes written to a temp file opened O_EXCL, fsync, link
 * to the final name (fails if it exists), unlink the temp.
 * Usage: export <dat> <list> <outdir> <runs>; list lines: "name size skip blockSize nblocks b1 b2 …"
 * (the object's size, the bytes of its own header to skip, its chain's block offsets).
 * Each run writes into <outdir>/run<i>. Prints "<best ms> <median ms>".
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  char name[64];
  long size, skip, bs;
  int nblocks;
  long long *blocks;
} wave;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc != 5) return 2;
  FILE *f = fopen(argv[2], "r");
  if (!f) return 2;
  size_t cap = 256, n = 0;
  long maxsize = 0, maxbs = 0;
  wave *w = malloc(cap * sizeof *w);
  for (;;) {
    wave x;
    if (fscanf(f, "%63s %ld %ld %ld %d", x.name, &x.size, &x.skip, &x.bs, &x.nblocks) != 5) break;
    x.blocks = malloc(x.nblocks * sizeof *x.blocks);
    for (int i = 0; i < x.nblocks; i++)
      if (fscanf(f, "%lld", &x.blocks[i]) != 1) return 2;
    if (n == cap) w = realloc(w, (cap *= 2) * sizeof *w);
    if (x.size > maxsize) maxsize = x.size;
    if (x.bs > maxbs) maxbs = x.bs;
    w[n++] = x;
  }
  fclose(f);
  int runs = atoi(argv[4]);
  double *ms = malloc(runs * sizeof *ms);
  char *obj = malloc(maxsize + 44);
  char *run = malloc(64 * maxbs);
  char path[4096], tmp[4096], dir[4096];
  for (int r = 0; r < runs; r++) {
    snprintf(dir, sizeof dir, "%s/run%d", argv[3], r);
    mkdir(dir, 0755);
    double t0 = now_ms();
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) return 1;
    for (size_t i = 0; i < n; i++) {
      wave *x = &w[i];
      long payload = x->bs - 4, done = 0;
      int b = 0;
      while (b < x->nblocks) {
        int k = 1;
        while (b + k < x->nblocks && k < 64 && x->blocks[b + k] == x->blocks[b] + k * x->bs) k++;
        long last = x->size - done - (k - 1) * payload;
        if (last > payload) last = payload;
        long len = (k - 1) * x->bs + 4 + last;
        if (pread(fd, run, len, x->blocks[b]) != len) return 1;
        for (int j = 0; j < k; j++) {
          long m = x->size - done < payload ? x->size - done : payload;
          memcpy(obj + 44 + done, run + j * x->bs + 4, m);
          done += m;
        }
        b += k;
      }
      memset(obj, 0, 44);
      snprintf(path, sizeof path, "%s/%s", dir, x->name);
      snprintf(tmp, sizeof tmp, "%s/.%s.tmp", dir, x->name);
      int out = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0644);
      if (out < 0) return 1;
      if (write(out, obj, 44) != 44) return 1;
      long body = x->size - x->skip;
      if (write(out, obj + 44 + x->skip, body) != body) return 1;
      fsync(out);
      close(out);
      if (link(tmp, path) != 0) return 1;
      unlink(tmp);
    }
    close(fd);
    ms[r] = now_ms() - t0;
  }
  qsort(ms, runs, sizeof *ms, cmp);
  printf("%.3f %.3f\n", ms[0], ms[runs / 2]);
  return 0;
}
