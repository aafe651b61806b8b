export { RequestLogWriter, type RequestLogWriterOptions } from './writer.ts';
export { readLogBatch, listLogFiles, requestLogDir, toLogLine, type LogBatch } from './reader.ts';
export { type RequestLogLine, type RequestLogType, logDayOf, logFileName } from './line.ts';
