export type { Encoder } from './types';
export { ENCODERS, ENCODER_NAMES, DEFAULT_ENCODER, encoderFor, isEncoderName, type EncoderName } from './encoders';
export {
  EXPORT_FORMATS,
  EXPORT_FORMAT_NAMES,
  DEFAULT_EXPORT_FORMAT,
  CLI_EXPORT_FORMATS,
  exportFormatInfo,
  isExportFormat,
  type ExportFormat,
  type ExportFormatInfo,
} from './formats';
