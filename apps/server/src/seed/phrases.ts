/**
 * Word lists for the seeded questions, answers and comments (English). Sentences are built
 * from these by `text.ts`; `{tech}` and friends are filled there.
 */

/** Things one does, with their -ing form for titles like "Best way to cache …". */
export const ACTIONS: readonly { verb: string; ing: string }[] = [
  { verb: 'cache', ing: 'caching' },
  { verb: 'paginate', ing: 'paginating' },
  { verb: 'validate', ing: 'validating' },
  { verb: 'stream', ing: 'streaming' },
  { verb: 'retry', ing: 'retrying' },
  { verb: 'batch', ing: 'batching' },
  { verb: 'log', ing: 'logging' },
  { verb: 'test', ing: 'testing' },
  { verb: 'mock', ing: 'mocking' },
  { verb: 'schedule', ing: 'scheduling' },
  { verb: 'serialize', ing: 'serializing' },
  { verb: 'parse', ing: 'parsing' },
  { verb: 'migrate', ing: 'migrating' },
  { verb: 'deploy', ing: 'deploying' },
  { verb: 'profile', ing: 'profiling' },
  { verb: 'throttle', ing: 'throttling' },
];

export const OBJECTS = [
  'large JSON responses',
  'environment variables',
  'database connections',
  'background jobs',
  'file uploads',
  'timestamps with time zones',
  'a connection pool',
  'error messages',
  'query results',
  'static assets',
  'user sessions',
  'long-running requests',
  'a config file',
  'build artifacts',
  'websocket messages',
  'CSV exports',
  'image thumbnails',
  'API rate limits',
  'nested objects',
  'health checks',
] as const;

/** What goes wrong: base form (titles), third person (bodies) and -ing form. */
export const SYMPTOMS: readonly { base: string; third: string; ing: string }[] = [
  { base: 'hang for thirty seconds', third: 'hangs for about thirty seconds', ing: 'hanging for thirty seconds' },
  { base: 'run out of memory', third: 'runs out of memory', ing: 'running out of memory' },
  { base: 'return stale data', third: 'returns stale data', ing: 'returning stale data' },
  { base: 'time out', third: 'times out', ing: 'timing out' },
  { base: 'log every request twice', third: 'logs every request twice', ing: 'logging every request twice' },
  { base: 'ignore my configuration', third: 'ignores my configuration', ing: 'ignoring my configuration' },
  { base: 'crash on startup', third: 'crashes on startup', ing: 'crashing on startup' },
  { base: 'get slower over time', third: 'gets slower with every request', ing: 'getting slower over time' },
  { base: 'drop the first message', third: 'drops the first message', ing: 'dropping the first message' },
  { base: 'report wrong line numbers', third: 'reports the wrong line numbers', ing: 'reporting wrong line numbers' },
  { base: 'use a whole CPU core', third: 'keeps one CPU core at 100%', ing: 'using a whole CPU core' },
  { base: 'lose the session', third: 'loses the session after a redirect', ing: 'losing the session' },
];

export const CONDITIONS = [
  'under load',
  'inside Docker',
  'on the CI server',
  'in production only',
  'behind a reverse proxy',
  'with more than one worker',
  'after a cold start',
  'with a large input',
  'on Windows',
  'with the cache disabled',
  'after a deploy',
  'with two concurrent requests',
] as const;

export const EVENTS = [
  'the last upgrade',
  'we moved everything into containers',
  'we added a second server',
  'our traffic doubled',
  'we switched to a managed database',
  'the new major release',
  'we turned on strict mode',
  'we split the monolith into two services',
] as const;

export const PROJECTS = [
  'a small internal dashboard',
  'an API for a mobile app',
  'a data import pipeline',
  'a multi-tenant SaaS backend',
  'a command-line tool',
  'an online shop checkout',
  'a documentation site',
  'a chat service',
  'a nightly reporting job',
  'a plugin for our build system',
  'a home automation project',
  'a booking system for a clinic',
] as const;

export const TOOLS = [
  'the built-in profiler',
  'a flame graph',
  'strace',
  "the browser's network tab",
  'EXPLAIN ANALYZE',
  'htop',
  'a heap snapshot',
  'the debug log',
] as const;

export const OBSERVATIONS = [
  'most of the time is spent waiting on I/O',
  'memory grows by a few megabytes per request',
  'the number of open connections never goes down',
  'the same query runs hundreds of times',
  'one thread is blocked the whole time',
  'the garbage collector runs almost constantly',
  'every request opens a new TLS connection',
] as const;

export const ATTEMPTS = [
  'raising the timeout',
  'turning off the cache',
  'upgrading to the latest patch release',
  'running it with a single worker',
  'adding an index',
  'clearing the build directory',
  'setting the pool size explicitly',
  'reading the changelog for breaking changes',
  'rewriting the loop without async',
  'pinning every dependency',
] as const;

export const CAUSES = [
  'the connection pool is smaller than the number of concurrent requests',
  'the default serializer copies the whole object on every call',
  'each worker keeps its own cache, so they disagree with each other',
  'the timeout applies to the whole request, not to a single read',
  'the configuration file is read once at startup, before your override is applied',
  'the query runs once per row instead of once per page',
  'a synchronous call blocks the event loop',
  'the library retries silently before it gives up',
  'the file handle is never closed when an error is thrown',
  'the default isolation level lets two writers see the same old row',
] as const;

export const FIXES = [
  'share one client for the whole process instead of creating one per request',
  'load the related rows in one query and group them in memory',
  'move the heavy work off the request path into a background job',
  'set the option explicitly instead of relying on the default',
  'stream the response instead of building it in memory first',
  'put an index on the column you filter by',
  'pass a timeout to every call that leaves the process',
  'wrap the two writes in one transaction',
] as const;

export const RESULTS = [
  'the latency dropped from seconds to a few milliseconds for me',
  'memory stays flat even after a long test run',
  'the warnings went away completely',
  'the numbers finally matched what the database reports',
  'the job finishes in a fraction of the time',
] as const;

export const CAVEATS = [
  'Keep an eye on the pool size if you run several workers',
  'Note that this changes the order of the results',
  'You need a reasonably recent version for this',
  'Measure before and after, because the gain depends on your data',
  'Remember to apply the same change to your test setup',
] as const;

export const THANKS = [
  'Thanks, that fixed it for me.',
  'This worked, thank you for the clear explanation.',
  'Good point, I had not considered that.',
  '+1, the documentation should really mention this.',
  'Same problem here, and the fix above works.',
] as const;

export const FOLLOW_UPS = [
  'which version are you on?',
  'could you share the full error message?',
  'does this still happen with a single worker?',
  'did you check the logs on the server side as well?',
  'is the cache shared between your processes?',
] as const;

export const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'Guido',
  'Radia',
  'Bjarne',
  'Hedy',
  'James',
  'Katherine',
  'Donald',
  'Sophie',
  'Tim',
  'Anita',
  'Rob',
  'Mei',
  'Hiro',
  'Priya',
  'Omar',
  'Lena',
  'Mateo',
  'Aisha',
  'Jonas',
  'Elif',
  'Tomas',
  'Ingrid',
  'Kwame',
  'Yuki',
  'Nadia',
  'Pavel',
  'Chloe',
  'Arjun',
  'Zara',
  'Felix',
  'Amara',
] as const;

export const LAST_NAMES = [
  'Park',
  'Okafor',
  'Schmidt',
  'Novak',
  'Rossi',
  'Tanaka',
  'Silva',
  'Haddad',
  'Kowalski',
  'Nguyen',
  'Larsen',
  'Moreau',
  'Ivanova',
  'Chen',
  'Garcia',
  'Mensah',
  'Kaur',
  'Yilmaz',
  'Berg',
  'Costa',
  'Fischer',
  'Sato',
  'Dubois',
  'Reyes',
  'Andersen',
  'Murphy',
  'Kim',
  'Ali',
  'Weber',
  'Lopez',
] as const;

export const ROLES = [
  'Backend developer',
  'Frontend engineer',
  'Site reliability engineer',
  'Data engineer',
  'Student',
  'Freelance web developer',
  'Mobile developer',
  'Platform engineer',
  'Hobbyist programmer',
] as const;
