/** The thread that reads the country tables (see countryTables.ts); one job, then the pool ends it. */
import { serveJobs } from '../../workers/workerPool.ts';
import { readCountryTables } from './countryTables.ts';

serveJobs((dir: string) => readCountryTables(dir));
