/*
 * The pread floor of the bench (scripts/bench.ts, issue #9): what a minimal C reader pays to
 * open the dat and read the blocks that opening and listing need, one pread per read of the list.
 * Usage: pread <dat> <list: "offset length" per line> <runs>. Prints "<best ms> <median ms>".
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

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
  if (argc != 4) return 2;
  FILE *f = fopen(argv[2], "r");
  if (!f) return 2;
  size_t cap = 1024, n = 0, maxlen = 0;
  long long *off = malloc(cap * sizeof *off);
  long *len = malloc(cap * sizeof *len);
  long long o;
  long l;
  while (fscanf(f, "%lld %ld", &o, &l) == 2) {
    if (n == cap) {
      cap *= 2;
      off = realloc(off, cap * sizeof *off);
      len = realloc(len, cap * sizeof *len);
    }
    off[n] = o;
    len[n] = l;
    if ((size_t)l > maxlen) maxlen = l;
    n++;
  }
  fclose(f);
  int runs = atoi(argv[3]);
  double *ms = malloc(runs * sizeof *ms);
  char *buf = malloc(maxlen + 1);
  for (int r = 0; r < runs; r++) {
    double t0 = now_ms();
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) return 1;
    for (size_t i = 0; i < n; i++)
      if (pread(fd, buf, len[i], off[i]) != len[i]) return 1;
    close(fd);
    ms[r] = now_ms() - t0;
  }
  qsort(ms, runs, sizeof *ms, cmp);
  printf("%.4f %.4f\n", ms[0], ms[runs / 2]);
  return 0;
}
