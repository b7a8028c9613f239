//! Export throughput on a generated ~10 MB envelope (target: ≥ 100 MB/s on the team's
//! 2-core machines). Run: `cargo bench -p pep-core --bench export`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pep_core::Mode;
use serde_json::{Value, json};

/// Builds an envelope of about `target_bytes` bytes exercising every segment kind the export
/// touches: a templated system prompt, memory, tools, text, long logs, documents, images and
/// tool-call round trips.
fn generate(target_bytes: usize) -> String {
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

fn bench(c: &mut Criterion) {
    let text = generate(10 * 1024 * 1024);
    let bytes = text.len() as u64;
    let loaded = pep_core::load(&text, Mode::Strict);
    assert!(
        !loaded.has_errors(),
        "generated envelope is invalid: {:?}",
        &loaded.issues[..1]
    );
    let Some(envelope) = loaded.envelope else {
        return;
    };
    eprintln!(
        "generated envelope: {:.1} MB, {} messages",
        bytes as f64 / 1e6,
        envelope.messages.len()
    );

    let mut group = c.benchmark_group("openai");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("export (typed envelope → JSON text)", |b| {
        b.iter(|| pep_core::export::to_openai(&envelope).to_pretty_json())
    });
    group.bench_function("pep export (text → validate → JSON text)", |b| {
        b.iter(|| match pep_core::export_openai(&text) {
            Ok(export) => export.to_pretty_json(),
            Err(_) => String::new(),
        })
    });
    group.bench_function("pep validate (text → issues)", |b| {
        b.iter(|| pep_core::validate(&text))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
