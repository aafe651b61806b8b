export { RequestLogWriter, type RequestLogWriterOptions } from './writer.ts';
export { readLogLines, listLogFiles, type ReadResult, type ReadOptions } from './reader.ts';
export { type RequestLogLine, type RequestLogType, logDayOf, logFileName } from './line.ts';
