/**
 * What the seeded community talks about: technologies (each with the language its code
 * blocks are written in) and the facets that make compound tags like `python-testing`.
 */
export type CodeLanguage =
  | 'python'
  | 'javascript'
  | 'typescript'
  | 'go'
  | 'rust'
  | 'java'
  | 'kotlin'
  | 'csharp'
  | 'php'
  | 'ruby'
  | 'sql'
  | 'bash'
  | 'yaml'
  | 'json'
  | 'dockerfile'
  | 'nginx'
  | 'css'
  | 'swift'
  | 'cpp';

export interface Topic {
  slug: string;
  name: string;
  lang: CodeLanguage;
}

const topic = (slug: string, name: string, lang: CodeLanguage): Topic => ({ slug, name, lang });

export const TOPICS: readonly Topic[] = [
  topic('python', 'Python', 'python'),
  topic('javascript', 'JavaScript', 'javascript'),
  topic('typescript', 'TypeScript', 'typescript'),
  topic('node.js', 'Node.js', 'javascript'),
  topic('react', 'React', 'javascript'),
  topic('vue.js', 'Vue.js', 'javascript'),
  topic('angular', 'Angular', 'typescript'),
  topic('svelte', 'Svelte', 'javascript'),
  topic('next.js', 'Next.js', 'typescript'),
  topic('express', 'Express', 'javascript'),
  topic('fastify', 'Fastify', 'typescript'),
  topic('deno', 'Deno', 'typescript'),
  topic('go', 'Go', 'go'),
  topic('rust', 'Rust', 'rust'),
  topic('tokio', 'Tokio', 'rust'),
  topic('java', 'Java', 'java'),
  topic('spring-boot', 'Spring Boot', 'java'),
  topic('kotlin', 'Kotlin', 'kotlin'),
  topic('android', 'Android', 'kotlin'),
  topic('c#', 'C#', 'csharp'),
  topic('dotnet', '.NET', 'csharp'),
  topic('asp.net-core', 'ASP.NET Core', 'csharp'),
  topic('entity-framework', 'Entity Framework', 'csharp'),
  topic('php', 'PHP', 'php'),
  topic('laravel', 'Laravel', 'php'),
  topic('symfony', 'Symfony', 'php'),
  topic('ruby', 'Ruby', 'ruby'),
  topic('ruby-on-rails', 'Ruby on Rails', 'ruby'),
  topic('django', 'Django', 'python'),
  topic('flask', 'Flask', 'python'),
  topic('fastapi', 'FastAPI', 'python'),
  topic('pandas', 'pandas', 'python'),
  topic('numpy', 'NumPy', 'python'),
  topic('pytest', 'pytest', 'python'),
  topic('sqlalchemy', 'SQLAlchemy', 'python'),
  topic('celery', 'Celery', 'python'),
  topic('asyncio', 'asyncio', 'python'),
  topic('sql', 'SQL', 'sql'),
  topic('postgresql', 'PostgreSQL', 'sql'),
  topic('mysql', 'MySQL', 'sql'),
  topic('sqlite', 'SQLite', 'sql'),
  topic('redis', 'Redis', 'bash'),
  topic('mongodb', 'MongoDB', 'javascript'),
  topic('elasticsearch', 'Elasticsearch', 'json'),
  topic('kafka', 'Kafka', 'java'),
  topic('rabbitmq', 'RabbitMQ', 'python'),
  topic('graphql', 'GraphQL', 'javascript'),
  topic('docker', 'Docker', 'dockerfile'),
  topic('docker-compose', 'Docker Compose', 'yaml'),
  topic('kubernetes', 'Kubernetes', 'yaml'),
  topic('helm', 'Helm', 'yaml'),
  topic('terraform', 'Terraform', 'bash'),
  topic('ansible', 'Ansible', 'yaml'),
  topic('nginx', 'nginx', 'nginx'),
  topic('linux', 'Linux', 'bash'),
  topic('bash', 'Bash', 'bash'),
  topic('systemd', 'systemd', 'bash'),
  topic('git', 'Git', 'bash'),
  topic('github-actions', 'GitHub Actions', 'yaml'),
  topic('gitlab-ci', 'GitLab CI', 'yaml'),
  topic('aws', 'AWS', 'bash'),
  topic('aws-lambda', 'AWS Lambda', 'python'),
  topic('azure', 'Azure', 'bash'),
  topic('google-cloud', 'Google Cloud', 'bash'),
  topic('css', 'CSS', 'css'),
  topic('tailwindcss', 'Tailwind CSS', 'css'),
  topic('html', 'HTML', 'css'),
  topic('webpack', 'webpack', 'javascript'),
  topic('vite', 'Vite', 'javascript'),
  topic('eslint', 'ESLint', 'json'),
  topic('jest', 'Jest', 'javascript'),
  topic('playwright', 'Playwright', 'typescript'),
  topic('ios', 'iOS', 'swift'),
  topic('swift', 'Swift', 'swift'),
  topic('swiftui', 'SwiftUI', 'swift'),
  topic('c++', 'C++', 'cpp'),
  topic('cmake', 'CMake', 'cpp'),
  topic('regex', 'Regex', 'javascript'),
  topic('json', 'JSON', 'json'),
  topic('yaml', 'YAML', 'yaml'),
  topic('oauth', 'OAuth', 'json'),
  topic('jwt', 'JWT', 'typescript'),
  topic('websocket', 'WebSocket', 'javascript'),
  topic('grpc', 'gRPC', 'go'),
  topic('prometheus', 'Prometheus', 'yaml'),
];

export interface Facet {
  slug: string;
  /** How English prose names it; other languages look it up by slug. */
  words: string;
}

/** Facets that make compound tags (`postgresql-performance`). */
export const FACETS: readonly Facet[] = [
  { slug: 'testing', words: 'tests and test tooling' },
  { slug: 'performance', words: 'speed, profiling and resource use' },
  { slug: 'deployment', words: 'shipping and running it in production' },
  { slug: 'configuration', words: 'settings, environment variables and config files' },
  { slug: 'security', words: 'securing it and handling untrusted input' },
  { slug: 'migrations', words: 'schema and version migrations' },
  { slug: 'logging', words: 'logs, traces and diagnostics' },
  { slug: 'caching', words: 'caches and cache invalidation' },
  { slug: 'concurrency', words: 'threads, workers and async code' },
  { slug: 'error-handling', words: 'errors, retries and failure modes' },
  { slug: 'packaging', words: 'dependencies, builds and packaging' },
  { slug: 'debugging', words: 'finding out what goes wrong' },
  { slug: 'networking', words: 'connections, proxies and timeouts' },
  { slug: 'authentication', words: 'sign-in, sessions and tokens' },
  { slug: 'memory', words: 'memory use and leaks' },
];
