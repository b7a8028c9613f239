// The Node envelope generator of the performance harness: scripts/perf.sh uses it for
// `10mb.json` (the ~10 MiB envelope of the older figures: the wasm pipeline / JSON.parse ratio
// and the pep MiB/s of many small messages), and for what it has when the core's generator
// (`cargo run --release -p pep-core --example generate -- --preset …`, which has every other
// preset) cannot be built. Deterministic; every envelope validates.
// Usage: node tests/perf/generate.mjs PRESET > FILE
//   PRESET: 1k | 10k | 100k (that many messages) | 10mb | 50mb (about that many MiB of JSON)
const preset = process.argv[2];
const byCount = { '1k': 1_000, '10k': 10_000, '100k': 100_000 };
// Just under the size, so 50mb is the largest input the viewer accepts (DECISIONS §9: 50 MiB).
const bySize = { '10mb': 10 * 1024 * 1024 - 8192, '50mb': 50 * 1024 * 1024 - 8192 };
if (!(preset in byCount) && !(preset in bySize)) {
  console.error('usage: generate.mjs 1k|10k|100k|10mb|50mb > FILE');
  process.exit(2);
}

const logLine = '192.168.1.10 - - [07/Jun/2026:10:15:23 +0800] "GET /api/users?page=2 HTTP/1.1" 200 1234 "-" "Mozilla/5.0" 0.042\n';
const paragraph = '## 分析\n\n检测到 **异常流量**：来自 `203.0.113.45` 的请求在 5 分钟内出现 401/403 激增。\n\n| 指标 | 值 |\n| --- | --- |\n| p99 | 1.8 s |\n';
const t0 = 1_780_000_000_000;

// One turn of four messages: user (text, folded long log), assistant (text, tool call),
// tool (folded result), assistant (markdown).
function turn(n) {
  const t = t0 + n * 1000;
  return [
    { id: `u${n}`, role: 'user', timestamp: t, segments: [
      { kind: 'text', content: `perf:${preset} turn ${n}: 请分析这一批日志。` },
      { kind: 'long_text', content: logLine.repeat(3), charCount: logLine.length * 3, collapsed: true },
    ] },
    { id: `a${n}`, role: 'assistant', timestamp: t + 1, segments: [
      { kind: 'text', content: '我先搜索 5xx 错误。' },
      { kind: 'tool_call_request', toolName: 'grep', arguments: { pattern: ' 5\\d\\d ', limit: 50 }, collapsed: false },
    ] },
    { id: `t${n}`, role: 'tool', timestamp: t + 2, segments: [
      { kind: 'tool_call_result', toolName: 'grep', result: logLine, success: n % 7 !== 0, collapsed: true },
    ] },
    { id: `b${n}`, role: 'assistant', timestamp: t + 3, segments: [{ kind: 'text', content: paragraph }] },
  ];
}

const head = { id: 'sys', role: 'system', timestamp: t0, segments: [
  { kind: 'static_var', name: 'current_date', value: '2026年6月7日' },
  { kind: 'system_prompt', content: '日期：{{current_date}}\n你是日志分析助手。', collapsed: true },
  { kind: 'tool_overview', collapsed: true, items: [{ name: 'grep', description: '搜索日志', parameters: 'pattern: string, limit?: number',
    schema: { type: 'object', properties: { pattern: { type: 'string' }, limit: { type: 'number' } }, required: ['pattern'] } }] },
] };

// Streamed out message by message: a 50 MB envelope never exists as one JS string here.
const out = process.stdout;
const write = (text) => new Promise((resolve) => (out.write(text) ? resolve() : out.once('drain', resolve)));
await write(`{"version":"1.0","model":"perf-${preset}","messages":[\n${JSON.stringify(head)}`);
let messages = 1;
let bytes = 0;
const done = () => (preset in byCount ? messages >= byCount[preset] : bytes >= bySize[preset]);
for (let n = 1; !done(); n++) {
  for (const message of turn(n)) {
    if (done()) break;
    const text = `,\n${JSON.stringify(message)}`;
    bytes += Buffer.byteLength(text);
    messages++;
    await write(text);
  }
}
await write('\n]}\n');
