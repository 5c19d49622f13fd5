/** Fixed sample content for the design gallery (our own markup, not user input). */
export const SAMPLE_TAGS = [
  { slug_name: 'javascript', display_name: 'javascript' },
  { slug_name: 'typescript', display_name: 'typescript' },
  { slug_name: 'react', display_name: 'react' },
  { slug_name: 'sqlite', display_name: 'sqlite' },
  { slug_name: 'postgresql', display_name: 'postgresql' },
];

export const SAMPLE_MARKDOWN_HTML = `
<h3>How do I read a file line by line?</h3>
<p>Use <code>readline</code> with a stream, and <a href="https://nodejs.org/api/readline.html" rel="nofollow ugc noopener">read the docs</a>.</p>
<pre tabindex="0"><code class="hljs language-ts"><span class="hljs-keyword">import</span> { createInterface } <span class="hljs-keyword">from</span> <span class="hljs-string">'node:readline'</span>;
<span class="hljs-keyword">for await</span> (<span class="hljs-keyword">const</span> line <span class="hljs-keyword">of</span> rl) { <span class="hljs-title function_">handle</span>(line); } <span class="hljs-comment">// one line at a time</span></code></pre>
<blockquote><p>Streams keep memory flat, whatever the file size.</p></blockquote>
<table><thead><tr><th>Method</th><th style="text-align:right">Memory</th></tr></thead>
<tbody><tr><td>readFile</td><td style="text-align:right">whole file</td></tr><tr><td>readline</td><td style="text-align:right">one line</td></tr></tbody></table>
<ul><li>Works on Node 20, 22 and 24</li><li>No extra dependencies</li></ul>`;
