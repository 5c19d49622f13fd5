import type { Random } from './random.js';
import type { CodeLanguage, Topic } from './topics.js';

/**
 * Short code blocks by language. `{name}` is a lowercase noun (order, invoice…), `{Name}` the
 * same capitalised, `{n}` a small number and `{port}` a port. Questions show the code that
 * misbehaves, answers the changed version; both come from the same lists.
 */
export const SNIPPETS: Record<CodeLanguage, readonly (readonly string[])[]> = {
  python: [
    [
      'def load_{name}s(db, limit={n}):',
      '    rows = db.execute("SELECT * FROM {name}s LIMIT ?", (limit,))',
      '    return [{Name}(**row) for row in rows]',
    ],
    [
      'async def fetch_{name}(client, {name}_id):',
      '    response = await client.get(f"/api/{name}s/{{name}_id}", timeout={n})',
      '    response.raise_for_status()',
      '    return response.json()',
    ],
    [
      '@app.get("/{name}s")',
      'def list_{name}s(page: int = 1):',
      '    query = session.query({Name}).order_by({Name}.created_at.desc())',
      '    return query.offset((page - 1) * {n}).limit({n}).all()',
    ],
  ],
  javascript: [
    [
      'async function load{Name}s(limit = {n}) {',
      '  const res = await fetch(`/api/{name}s?limit=${limit}`);',
      '  if (!res.ok) throw new Error(`status ${res.status}`);',
      '  return res.json();',
      '}',
    ],
    [
      'const cache = new Map();',
      'export function get{Name}(id) {',
      '  if (!cache.has(id)) cache.set(id, db.find{Name}(id));',
      '  return cache.get(id);',
      '}',
    ],
    [
      'app.get("/{name}s/:id", async (req, res) => {',
      '  const {name} = await {Name}.findById(req.params.id);',
      '  res.json({name});',
      '});',
    ],
  ],
  typescript: [
    [
      'interface {Name} { id: string; createdAt: number }',
      'export function latest(items: {Name}[], count = {n}): {Name}[] {',
      '  return [...items].sort((a, b) => b.createdAt - a.createdAt).slice(0, count);',
      '}',
    ],
    [
      'export async function save{Name}(input: {Name}Input): Promise<{Name}> {',
      '  const row = await db.insertInto("{name}s").values(input).returningAll().executeTakeFirstOrThrow();',
      '  return to{Name}(row);',
      '}',
    ],
    [
      'const worker = new Worker(new URL("./{name}-worker.ts", import.meta.url));',
      'worker.postMessage({ batch: {n} });',
      'worker.addEventListener("message", (event) => render(event.data));',
    ],
  ],
  go: [
    [
      'func Load{Name}s(ctx context.Context, db *sql.DB) ([]{Name}, error) {',
      '\tctx, cancel := context.WithTimeout(ctx, {n}*time.Second)',
      '\tdefer cancel()',
      '\trows, err := db.QueryContext(ctx, "SELECT id FROM {name}s")',
    ],
    [
      'srv := &http.Server{',
      '\tAddr:         ":{port}",',
      '\tReadTimeout:  {n} * time.Second,',
      '\tWriteTimeout: {n} * time.Second,',
      '}',
    ],
    ['for _, {name} := range {name}s {', '\tgo func() {', '\t\tresults <- process({name})', '\t}()', '}'],
  ],
  rust: [
    [
      'fn parse_{name}(input: &str) -> Result<{Name}, Error> {',
      '    let value: {Name} = serde_json::from_str(input)?;',
      '    Ok(value)',
      '}',
    ],
    [
      'let handles: Vec<_> = {name}s',
      '    .into_iter()',
      '    .map(|item| tokio::spawn(async move { process(item).await }))',
      '    .collect();',
    ],
  ],
  java: [
    [
      'public List<{Name}> find{Name}s(int limit) {',
      '    return repository.findAll(PageRequest.of(0, limit))',
      '        .getContent();',
      '}',
    ],
    [
      '@Scheduled(fixedDelay = {n}000)',
      'public void sync{Name}s() {',
      '    {name}Client.fetchAll().forEach(repository::save);',
      '}',
    ],
  ],
  kotlin: [
    [
      'suspend fun load{Name}s(): List<{Name}> = withContext(Dispatchers.IO) {',
      '    api.{name}s(limit = {n}).body() ?: emptyList()',
      '}',
    ],
    ['viewModelScope.launch {', '    _state.value = repository.{name}s().first()', '}'],
  ],
  csharp: [
    [
      'public async Task<{Name}?> Get{Name}Async(int id)',
      '{',
      '    return await _context.{Name}s.FirstOrDefaultAsync(x => x.Id == id);',
      '}',
    ],
    [
      'builder.Services.AddHttpClient<{Name}Client>(client =>',
      '{',
      '    client.Timeout = TimeSpan.FromSeconds({n});',
      '});',
    ],
  ],
  php: [
    [
      "$stmt = $pdo->prepare('SELECT * FROM {name}s WHERE id = ?');",
      '$stmt->execute([$id]);',
      '${name} = $stmt->fetch(PDO::FETCH_ASSOC);',
    ],
    ["Route::get('/{name}s', function () {", '    return {Name}::latest()->paginate({n});', '});'],
  ],
  ruby: [
    [
      'class {Name}sController < ApplicationController',
      '  def index',
      '    @{name}s = {Name}.order(created_at: :desc).limit({n})',
      '  end',
      'end',
    ],
    [
      '{Name}.where(status: :pending).find_each(batch_size: {n}00) do |{name}|',
      '  {Name}Job.perform_later({name}.id)',
      'end',
    ],
  ],
  sql: [
    [
      'SELECT {name}_id, count(*) AS total',
      'FROM {name}s',
      "WHERE created_at > now() - interval '{n} days'",
      'GROUP BY {name}_id',
      'ORDER BY total DESC;',
    ],
    [
      'CREATE INDEX {name}s_created ON {name}s (created_at);',
      'EXPLAIN SELECT * FROM {name}s WHERE created_at > ? ORDER BY created_at LIMIT {n};',
    ],
    ['UPDATE {name}s SET status = 2', 'WHERE id IN (SELECT id FROM {name}s WHERE status = 1 LIMIT {n}00);'],
  ],
  bash: [
    ['#!/usr/bin/env bash', 'set -euo pipefail', 'for f in ./{name}s/*.json; do', '  jq ".id" "$f" >> ids.txt', 'done'],
    [
      'export {NAME}_TIMEOUT={n}',
      'curl -sS --max-time "${NAME}_TIMEOUT" http://localhost:{port}/{name}s | head -n {n}',
    ],
  ],
  yaml: [
    [
      'services:',
      '  {name}-api:',
      '    image: example/{name}-api:1.{n}',
      '    ports:',
      '      - "{port}:{port}"',
      '    environment:',
      '      LOG_LEVEL: debug',
    ],
    [
      'jobs:',
      '  test:',
      '    runs-on: ubuntu-latest',
      '    timeout-minutes: {n}',
      '    steps:',
      '      - run: make test-{name}s',
    ],
  ],
  json: [
    ['{', '  "name": "{name}-service",', '  "timeout": {n}000,', '  "retries": 3', '}'],
    ['{', '  "query": { "match": { "{name}": "pending" } },', '  "size": {n}', '}'],
  ],
  dockerfile: [
    [
      'FROM node:22-slim',
      'WORKDIR /app',
      'COPY package*.json ./',
      'RUN npm ci --omit=dev',
      'CMD ["node", "{name}-server.js"]',
    ],
    [
      'FROM python:3.12-slim',
      'COPY requirements.txt .',
      'RUN pip install --no-cache-dir -r requirements.txt',
      'EXPOSE {port}',
    ],
  ],
  nginx: [
    [
      'location /api/ {',
      '    proxy_pass http://127.0.0.1:{port};',
      '    proxy_read_timeout {n}s;',
      '    proxy_set_header Host $host;',
      '}',
    ],
  ],
  css: [
    [
      '.{name}-list {',
      '  display: grid;',
      '  grid-template-columns: repeat(auto-fill, minmax({n}0px, 1fr));',
      '  gap: 1rem;',
      '}',
    ],
    ['@media (max-width: {n}00px) {', '  .{name}-card { flex-direction: column; }', '}'],
  ],
  swift: [
    [
      'func load{Name}s() async throws -> [{Name}] {',
      '    let (data, _) = try await URLSession.shared.data(from: url)',
      '    return try JSONDecoder().decode([{Name}].self, from: data)',
      '}',
    ],
  ],
  cpp: [
    [
      'std::vector<{Name}> {name}s;',
      '{name}s.reserve({n}00);',
      'for (const auto& row : rows) {',
      '    {name}s.emplace_back(row);',
      '}',
    ],
  ],
};

/** Nouns the code blocks are about. */
export const CODE_NOUNS = [
  'order',
  'invoice',
  'session',
  'report',
  'message',
  'payment',
  'account',
  'event',
  'ticket',
  'booking',
  'upload',
  'product',
] as const;

/** A fenced code block in the topic's language, with its names and numbers filled in. */
export function codeBlock(r: Random, topic: Topic): string {
  const noun = r.pick(CODE_NOUNS);
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const filled = r
    .pick(SNIPPETS[topic.lang])
    .join('\n')
    .replaceAll('{name}', noun)
    .replaceAll('{Name}', Noun)
    .replaceAll('{NAME}', noun.toUpperCase())
    .replaceAll('{n}', String(r.int(2, 9)))
    .replaceAll('{port}', String(r.pick([3000, 5000, 8000, 8080, 9000])));
  return `\`\`\`${topic.lang}\n${filled}\n\`\`\``;
}
