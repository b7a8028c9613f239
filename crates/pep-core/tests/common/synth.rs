#![allow(dead_code)]
//! A deterministic synthetic envelope generator, shared by `examples/generate.rs` (the command
//! the browser performance harness uses) and the tests. It lives outside the library so that
//! nothing of it reaches the wasm bundle.
//!
//! Every envelope it writes holds all eleven segment kinds, answers every tool call, and
//! validates with no errors and no warnings. The `bench` shape is the envelope of the export
//! benchmark (`benches/export.rs` calls [`bench_envelope`] through `#[path]`), so the benchmark
//! and the browser performance harness measure the same bytes.

use std::io::{self, Write};

use serde_json::{Value, json};

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Messages after the leading system message (at least this many when `target_bytes` is
    /// set and not yet reached).
    pub messages: usize,
    /// Keep adding messages until the envelope has at least this many bytes.
    pub target_bytes: usize,
    /// Bytes of one extra long_text segment (0: none).
    pub long_text_bytes: usize,
    /// Tools declared in the tool_overview (at least 3, the ones the calls use).
    pub tools: usize,
    /// Seed of the pseudo-random choices: the same config always gives the same bytes.
    pub seed: u64,
    /// Bytes (at least) of the text of each user question and each answer of a turn: its
    /// markdown is followed by more paragraphs until it is this long (0: one paragraph).
    pub text_bytes: usize,
    /// What kind of envelope: the generator's turns, or the export benchmark's envelope.
    pub shape: Shape,
}

/// The kind of envelope [`write`] makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shape {
    /// A system message, then turns of four messages (question, tool call, result, answer).
    #[default]
    Turns,
    /// [`bench_envelope`] of `target_bytes` (the other fields are ignored).
    Bench,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            messages: 1_000,
            target_bytes: 0,
            long_text_bytes: 0,
            tools: 3,
            seed: 1,
            text_bytes: 0,
            shape: Shape::Turns,
        }
    }
}

impl Config {
    /// A named preset: `1k`, `10k`, `100k` (messages), `10k-large` (10,000 messages of longer
    /// texts, about 8.9 MB), `long-text` (one 10 MiB long_text), `tools` (1,000 tools), `50mb`
    /// (about 50 MB of envelope), `bench` (the export benchmark's envelope of 10 MiB).
    pub fn preset(name: &str) -> Option<Config> {
        let base = Config::default();
        Some(match name {
            "1k" => base,
            "10k" => Config {
                messages: 10_000,
                ..base
            },
            "100k" => Config {
                messages: 100_000,
                ..base
            },
            "10k-large" => Config {
                messages: 10_000,
                text_bytes: TEXT_BYTES_10K_LARGE,
                ..base
            },
            "long-text" => Config {
                messages: 20,
                long_text_bytes: 10 << 20,
                ..base
            },
            "tools" => Config {
                messages: 100,
                tools: 1_000,
                ..base
            },
            "50mb" => Config {
                messages: 0,
                target_bytes: 50_000_000,
                ..base
            },
            "bench" => Config {
                target_bytes: BENCH_BYTES,
                shape: Shape::Bench,
                ..base
            },
            _ => return None,
        })
    }
}

/// The envelope of `config` as JSON text.
pub fn generate(config: &Config) -> String {
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = write(config, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Writes the envelope of `config` to `out`, one message at a time (memory stays small
/// whatever the size).
pub fn write(config: &Config, out: &mut impl Write) -> io::Result<()> {
    if config.shape == Shape::Bench {
        return out.write_all(bench_envelope(config.target_bytes).as_bytes());
    }
    let mut g = Gen {
        rng: config.seed.max(1),
        written: 0,
        clock: 1_780_000_000_000,
        ids: 0,
        text_bytes: config.text_bytes,
    };
    let head = br#"{"$schema":"https://prompt-envelope.dev/schema/v1.json","version":"1.0","model":"gpt-4-turbo","messages":["#;
    out.write_all(head)?;
    g.written += head.len();
    let system = g.system_message(config.tools.max(3));
    g.emit(out, &system, true)?;
    if config.long_text_bytes > 0 {
        let message = g.long_text_message(config.long_text_bytes);
        g.emit(out, &message, false)?;
    }
    let mut count = 0;
    while count < config.messages || g.written < config.target_bytes {
        // A full turn is four messages; near the end, plain texts fill up exactly.
        let turn = if count + 4 <= config.messages || g.written < config.target_bytes {
            g.turn(count)
        } else {
            vec![g.chat(count)]
        };
        for message in turn {
            g.emit(out, &message, false)?;
            count += 1;
        }
    }
    out.write_all(b"]}\n")
}

const TOOLS: [(&str, &str, &str); 3] = [
    (
        "web_search",
        "query: string, limit?: number",
        "搜索网页 / search the web",
    ),
    ("read_file", "path: string", "读取文件内容"),
    ("run_sql", "sql: string", "Run a read-only SQL query"),
];

/// Texts end without whitespace: a final assistant turn that ends in whitespace is a request
/// the Anthropic API rejects (a request check), and generated envelopes are clean.
const MARKDOWN: [&str; 4] = [
    "## 分析结果\n\n检测到 **异常流量**：来自 `203.0.113.45` 的请求在 5 分钟内出现 401/403 激增。\n\n| 指标 | 值 |\n| --- | --- |\n| p99 | 1.8 s |",
    "Here is the plan:\n\n1. Read the config\n2. Run the query\n3. Summarise — *briefly*\n\n```rust\nfn main() { println!(\"你好\"); }\n```",
    "> 引用：「千里之行，始于足下。」\n\n- [x] 完成第一步\n- [ ] 第二步 [文档](https://example.com/docs)",
    "Short answer: yes. 😀 Emoji, ümlauts and 中文 mixed in one line.",
];

/// The text size of the `10k-large` preset: 10,000 messages of about 8.9 MB.
const TEXT_BYTES_10K_LARGE: usize = 1_220;

/// The size of the `bench` preset: the export benchmark's `bench_envelope(10 MiB)`.
pub const BENCH_BYTES: usize = 10 * 1024 * 1024;

struct Gen {
    rng: u64,
    written: usize,
    clock: u64,
    ids: usize,
    text_bytes: usize,
}

impl Gen {
    /// xorshift64: deterministic everywhere, no dependency.
    fn next(&mut self, below: usize) -> usize {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng % below.max(1) as u64) as usize
    }

    /// `text`, followed by more paragraphs until it has at least `text_bytes` bytes (it still
    /// ends without whitespace). Draws nothing when `text_bytes` is 0, so the envelopes without
    /// it are the same bytes as before it existed.
    fn grow(&mut self, text: String) -> String {
        let mut text = text;
        while text.len() < self.text_bytes {
            text.push_str("\n\n");
            text.push_str(MARKDOWN[self.next(MARKDOWN.len())]);
        }
        text
    }

    fn emit(&mut self, out: &mut impl Write, message: &Value, first: bool) -> io::Result<()> {
        let text = message.to_string();
        if !first {
            out.write_all(b",")?;
        }
        out.write_all(text.as_bytes())?;
        self.written += text.len() + 1;
        Ok(())
    }

    fn message(&mut self, role: &str, segments: Vec<Value>) -> Value {
        self.ids += 1;
        self.clock += 1_000 + self.next(5_000) as u64;
        json!({"id": format!("m-{}", self.ids), "role": role, "segments": segments, "timestamp": self.clock})
    }

    fn system_message(&mut self, tools: usize) -> Value {
        let items: Vec<Value> = (0..tools)
            .map(|k| match TOOLS.get(k) {
                Some((name, parameters, description)) => json!({
                    "name": name, "description": description, "parameters": parameters,
                    "schema": {"type": "object", "properties": {"query": {"type": "string"}, "limit": {"type": "number", "default": 1.0e1}}, "required": ["query"]}
                }),
                None => json!({"name": format!("tool_{k}"), "description": format!("第 {k} 个工具"), "parameters": "input: string"}),
            })
            .collect();
        self.message(
            "system",
            vec![
                json!({"kind": "static_var", "name": "current_date", "value": "2026年6月7日", "description": "today"}),
                json!({"kind": "static_var", "name": "user_name", "value": "Ada"}),
                json!({"kind": "system_prompt", "content": "你是一个乐于助人的助手。今天是 {{current_date}}，用户是 {{ user_name }}。\n- Answer in the user's language.", "collapsed": true}),
                json!({"kind": "memory", "description": "关于用户", "items": [{"title": "职业", "content": "数据工程师"}, {"title": "Preference", "content": "concise answers"}], "collapsed": true}),
                json!({"kind": "skills", "description": "可用技能", "items": [{"name": "pdf", "description": "Read and fill PDF files"}, {"name": "webapp-testing", "description": "Test web apps with Playwright"}], "collapsed": true}),
                json!({"kind": "tool_overview", "items": items, "collapsed": true}),
            ],
        )
    }

    fn long_text_message(&mut self, bytes: usize) -> Value {
        let line = "2026-06-07T10:15:23+08:00 INFO 请求处理完成 request_id=7f3a status=200 latency_ms=42\n";
        let content = line.repeat(bytes / line.len() + 1);
        let chars = content.chars().count();
        self.message(
            "user",
            vec![
                json!({"kind": "text", "content": "请分析这份日志。"}),
                json!({"kind": "long_text", "content": content, "charCount": chars, "collapsed": true}),
            ],
        )
    }

    fn chat(&mut self, n: usize) -> Value {
        let role = if n.is_multiple_of(2) {
            "user"
        } else {
            "assistant"
        };
        let text = MARKDOWN[self.next(MARKDOWN.len())].to_string();
        let text = self.grow(text);
        self.message(role, vec![json!({"kind": "text", "content": text})])
    }

    /// User question (with attachments now and then), a tool call, its result, an answer.
    fn turn(&mut self, n: usize) -> Vec<Value> {
        let (tool, _, _) = TOOLS[self.next(TOOLS.len())];
        let question = format!("第 {n} 个问题：{}", MARKDOWN[self.next(4)]);
        let mut user = vec![json!({"kind": "text", "content": self.grow(question)})];
        match self.next(4) {
            0 => {
                let log = "GET /api/users?page=2 200 0.042\n".repeat(1 + self.next(20));
                let chars = log.chars().count();
                user.push(json!({"kind": "long_text", "content": log, "charCount": chars, "collapsed": true}));
            }
            1 => user.push(json!({"kind": "document", "fileName": "报告.pdf", "mimeType": "application/pdf",
                "snippet": "第一章 总览：本季度收入增长 12%……", "sizeBytes": 2_845_000 + self.next(1000),
                "parsedContent": "# 第一章\n\n收入增长 **12%**。"})),
            2 => user.push(json!({"kind": "media", "mediaType": "image", "url": "https://example.com/chart.png", "altText": "错误率曲线"})),
            _ => {}
        }
        let success = self.next(10) != 0;
        let answer = MARKDOWN[self.next(4)].to_string();
        let mut answer = vec![json!({"kind": "text", "content": self.grow(answer)})];
        if self.next(8) == 0 {
            answer.push(json!({"kind": "media", "mediaType": "audio", "url": "audio/summary.mp3", "altText": "语音摘要"}));
        }
        vec![
            self.message("user", user),
            self.message("assistant", vec![
                json!({"kind": "text", "content": "我先查一下。"}),
                json!({"kind": "tool_call_request", "toolName": tool, "arguments": {"query": format!("问题 {n}"), "limit": 5, "ratio": 2.5e-1}, "collapsed": false}),
            ]),
            self.message("tool", vec![
                json!({"kind": "tool_call_result", "toolName": tool, "result": if success { "找到 3 条结果：\n1. …\n2. …\n3. …" } else { "error: timeout after 30 s" }, "success": success, "collapsed": success}),
            ]),
            self.message("assistant", answer),
        ]
    }
}

/// The export benchmark's envelope (`benches/export.rs`, `bench_envelope(10 MiB)`; the `bench`
/// preset): about `target_bytes` bytes exercising every segment kind the export touches — a
/// templated system prompt, memory, tools, text, long logs, documents, images and tool-call
/// round trips. Not written by [`write`]'s turns: its bytes must stay the benchmark's.
pub fn bench_envelope(target_bytes: usize) -> String {
    let mut messages = vec![json!({
        "id": "sys", "role": "system", "timestamp": 1_780_000_000_000_u64,
        "segments": [
            {"kind": "static_var", "name": "current_date", "value": "2026年6月7日"},
            {"kind": "static_var", "name": "language", "value": "中文"},
            {"kind": "system_prompt", "content": "日期：{{current_date}}\n语言：{{language}}\n你是日志分析助手。", "collapsed": true},
            {"kind": "memory", "description": "关于用户", "items": [{"title": "角色", "content": "SRE 值班工程师"}], "collapsed": true},
            {"kind": "tool_overview", "items": [{"name": "grep", "description": "搜索日志", "parameters": "pattern: string",
              "schema": {"type": "object", "properties": {"pattern": {"type": "string"}, "limit": {"type": "number"}}}}], "collapsed": true}
        ]
    })];
    let log_line = "192.168.1.10 - - [07/Jun/2026:10:15:23 +0800] \"GET /api/users?page=2 HTTP/1.1\" 200 1234 \"-\" \"Mozilla/5.0\" 0.042\n";
    let long: String = log_line.repeat(60);
    let paragraph = "## 分析\n\n检测到 **异常流量**：来自 `203.0.113.45` 的请求在 5 分钟内出现 401/403 激增。\n\n| 指标 | 值 |\n| --- | --- |\n| p99 | 1.8 s |\n";
    let mut size = 0;
    let mut turn = 0_u64;
    while size < target_bytes {
        turn += 1;
        let t = 1_780_000_000_000_u64 + turn * 1000;
        let batch = vec![
            json!({"id": format!("u{turn}"), "role": "user", "timestamp": t, "segments": [
                {"kind": "text", "content": format!("第 {turn} 批日志，请分析。")},
                {"kind": "long_text", "content": long, "charCount": long.chars().count(), "collapsed": true},
                {"kind": "document", "fileName": "access.log", "mimeType": "text/plain", "snippet": &long[..200], "sizeBytes": 2_845_000, "parsedContent": paragraph},
                {"kind": "media", "mediaType": "image", "url": "chart.svg", "altText": "错误率曲线"}
            ]}),
            json!({"id": format!("a{turn}"), "role": "assistant", "timestamp": t + 1, "segments": [
                {"kind": "text", "content": "我先搜索 5xx 错误。"},
                {"kind": "tool_call_request", "toolName": "grep", "arguments": {"pattern": " 5\\d\\d ", "limit": 50, "ratio": 1.0}, "collapsed": false}
            ]}),
            json!({"id": format!("t{turn}"), "role": "tool", "timestamp": t + 2, "segments": [
                {"kind": "tool_call_result", "toolName": "grep", "result": log_line.repeat(10), "success": true, "collapsed": true}
            ]}),
            json!({"id": format!("b{turn}"), "role": "assistant", "timestamp": t + 3, "segments": [
                {"kind": "text", "content": paragraph.repeat(4)}
            ]}),
        ];
        for message in batch {
            size += message.to_string().len();
            messages.push(message);
        }
    }
    let envelope: Value = json!({"version": "1.0", "model": "gpt-4-turbo", "messages": messages});
    envelope.to_string()
}
