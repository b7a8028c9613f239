//! A small seeded generator of random valid envelopes for the import round-trip properties:
//! every segment kind in every role, tool calls answered by `callId` or by name (or not at
//! all), results in tool and other messages, texts around them, images of every URL shape.
//! The same seed always gives the same text.
#![allow(dead_code)]

/// What the envelopes may hold.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// Images with `http(s)`, non-base64 `data:` and other-scheme urls (which MCP carries as
    /// resource links); without them, images are base64 `data:` urls or relative paths.
    pub linked_images: bool,
}

/// xorshift64.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).max(1))
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

const TEXTS: [&str; 12] = [
    "Hello!",
    "",
    "ends with space ",
    "多行\n文本：你好 😀",
    "quote \" and \\ backslash",
    "control \u{1} char",
    "{{x}} is literal here",
    "# Heading\n\n- a\n- b",
    "  leading spaces",
    "[Image: fake]",
    "\n",
    "tab\tand </script>",
];

const PROMPTS: [&str; 5] = [
    "You are helpful.",
    "Hi {{x}}, today is {{ y }}.",
    "Unknown {{nope}} stays.",
    "Braces { {x} } {{{x}}}",
    "",
];

const ARGUMENTS: [&str; 8] = [
    "{}",
    r#"{"city":"Paris"}"#,
    r#"{"n":1.0,"big":12345678901234567890,"e":1E5,"neg":-0.0}"#,
    r#"{"nested":{"a":[1,2,{"b":null}],"t":true},"s":"é\u0001"}"#,
    r#"{"z":1,"a":2,"m":3}"#,
    r#"{"q":"\"quoted\"","u":"\u00e9"}"#,
    r#"{"x":1,"x":2}"#,
    r#"{"list":[],"obj":{}}"#,
];

const SCHEMAS: [&str; 5] = [
    r#"{"type":"object","properties":{"city":{"type":"string"},"days":{"type":["integer","null"]}},"required":["city"]}"#,
    r#"{"type":"object","properties":{"u":{"anyOf":[{"type":"string"},{"type":"number"}]},"v":{"oneOf":[{"$ref":"x"}]},"w":{}}}"#,
    r#"{"type":"object","properties":{}}"#,
    r#"{"properties":{"n":{"type":"number","default":1.0e1}},"required":["n","missing"],"additionalProperties":false}"#,
    r#"{"type":"object"}"#,
];

const TOOLS: [&str; 3] = ["f", "get_weather", "读取"];

const IMAGES_LINKED: [&str; 5] = [
    "https://example.com/cat.png",
    "HTTP://EXAMPLE.COM/A.JPG",
    "data:image/png,raw",
    "ftp://example.com/x.png",
    "//cdn.example.com/x.png",
];

const IMAGES_INLINE: [&str; 5] = [
    "data:image/png;base64,iVBORw0KGgo=",
    "DATA:image/JPEG;base64,/9j/4AAQ",
    "data:image/svg+xml;base64,PHN2Zz4=",
    "data:image/webp;base64,UklGRg==",
    "img/relative.png",
];

const AUDIO: [&str; 4] = [
    "data:audio/mpeg;base64,SUQzBA==",
    "data:audio/wav;base64,UklGRg==",
    "https://example.com/a.mp3",
    "clip.ogg",
];

fn q(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

/// The generator's state: open requests (tool name and callId), callIds handed out.
struct Gen {
    rng: Rng,
    config: Config,
    open: Vec<(String, Option<String>)>,
    call_ids: usize,
}

/// A random envelope that validates with no errors, as JSON text.
pub fn envelope(seed: u64, config: Config) -> String {
    let mut g = Gen {
        rng: Rng::new(seed),
        config,
        open: Vec::new(),
        call_ids: 0,
    };
    let count = 1 + g.rng.below(9);
    let mut messages = Vec::with_capacity(count + 1);
    if g.rng.one_in(2) {
        let segments = vec![g.static_var(), g.structural(), g.structural()];
        messages.push(("system", segments));
    }
    for _ in 0..count {
        let role = g.rng.pick(&[
            "system",
            "user",
            "user",
            "assistant",
            "assistant",
            "tool",
            "tool",
        ]);
        let segments = (0..1 + g.rng.below(4)).map(|_| g.segment(role)).collect();
        messages.push((role, segments));
    }
    let messages: Vec<String> = messages
        .into_iter()
        .enumerate()
        .map(|(k, (role, segments))| {
            format!(
                r#"{{"id":"m{k}","role":"{role}","segments":[{}],"timestamp":{}}}"#,
                segments.join(","),
                1000 + k
            )
        })
        .collect();
    let model = match g.rng.below(4) {
        0 => String::new(),
        1 => r#""model":"","#.to_owned(),
        _ => format!(
            r#""model":{},"#,
            q(g.rng.pick(&["gpt-4o", "claude-sonnet-4-5"]))
        ),
    };
    format!(
        r#"{{"version":"1.0",{model}"messages":[{}]}}"#,
        messages.join(",")
    )
}

impl Gen {
    fn text(&mut self) -> String {
        q(self.rng.pick(&TEXTS))
    }

    fn segment(&mut self, role: &str) -> String {
        match (role, self.rng.below(10)) {
            (_, 0) => self.structural(),
            (_, 1) => self.media(),
            ("assistant", 2..=5) => self.request(),
            ("tool", 2..=6) | (_, 2) if !self.open.is_empty() || self.rng.one_in(4) => {
                self.result()
            }
            (_, 3) => self.request(),
            (_, 4) => {
                let content = self.rng.pick(&TEXTS);
                let chars = content.chars().count();
                format!(
                    r#"{{"kind":"long_text","content":{},"charCount":{chars},"collapsed":true}}"#,
                    q(content)
                )
            }
            (_, 5) => {
                let parsed = if self.rng.one_in(2) {
                    r##","parsedContent":"# P""##
                } else {
                    ""
                };
                let size = self
                    .rng
                    .pick(&[0, 1023, 1024, 2_845_000, 5_000_000_000_u64]);
                format!(
                    r#"{{"kind":"document","fileName":"报告.pdf","mimeType":"application/pdf","snippet":{},"sizeBytes":{size}{parsed}}}"#,
                    self.text()
                )
            }
            (_, 6) => self.static_var(),
            _ => format!(r#"{{"kind":"text","content":{}}}"#, self.text()),
        }
    }

    fn static_var(&mut self) -> String {
        let name = self.rng.pick(&["x", "y", "x"]);
        format!(
            r#"{{"kind":"static_var","name":"{name}","value":{}}}"#,
            self.text()
        )
    }

    fn structural(&mut self) -> String {
        match self.rng.below(4) {
            0 => format!(
                r#"{{"kind":"system_prompt","content":{},"collapsed":true}}"#,
                q(self.rng.pick(&PROMPTS))
            ),
            1 => format!(
                r#"{{"kind":"memory","description":"About","items":[{{"title":"t","content":{}}}],"collapsed":true}}"#,
                self.text()
            ),
            2 => r#"{"kind":"skills","items":[{"name":"pdf","description":"Read PDFs"}],"collapsed":false}"#
                .to_owned(),
            _ => {
                let items: Vec<String> = (0..1 + self.rng.below(3))
                    .map(|_| {
                        let schema = if self.rng.one_in(4) {
                            String::new()
                        } else {
                            format!(r#","schema":{}"#, self.rng.pick(&SCHEMAS))
                        };
                        format!(
                            r#"{{"name":{},"description":{},"parameters":"p: string"{schema}}}"#,
                            q(self.rng.pick(&TOOLS)),
                            q(self.rng.pick(&["Does things", "", "天气"]))
                        )
                    })
                    .collect();
                format!(r#"{{"kind":"tool_overview","items":[{}],"collapsed":true}}"#, items.join(","))
            }
        }
    }

    fn media(&mut self) -> String {
        let (kind, url) = match self.rng.below(5) {
            0 | 1 if self.config.linked_images => ("image", self.rng.pick(&IMAGES_LINKED)),
            0..=2 => ("image", self.rng.pick(&IMAGES_INLINE)),
            3 => ("audio", self.rng.pick(&AUDIO)),
            _ => ("video", "https://example.com/v.mp4"),
        };
        let alt = if self.rng.one_in(2) {
            r#","altText":"a picture""#
        } else {
            ""
        };
        format!(
            r#"{{"kind":"media","mediaType":"{kind}","url":{}{alt}}}"#,
            q(url)
        )
    }

    fn request(&mut self) -> String {
        let name = self.rng.pick(&TOOLS).to_string();
        let call_id = match self.rng.below(3) {
            0 => None,
            1 => Some(String::new()),
            _ => {
                self.call_ids += 1;
                Some(format!("toolu_{}", self.call_ids))
            }
        };
        let id = match &call_id {
            Some(id) => format!(r#","callId":{}"#, q(id)),
            None => String::new(),
        };
        self.open
            .push((name.clone(), call_id.filter(|id| !id.is_empty())));
        format!(
            r#"{{"kind":"tool_call_request","toolName":{},"arguments":{},"collapsed":false{id}}}"#,
            q(&name),
            self.rng.pick(&ARGUMENTS)
        )
    }

    fn result(&mut self) -> String {
        let (name, call_id) = if self.open.is_empty() || self.rng.one_in(6) {
            (self.rng.pick(&TOOLS).to_string(), None)
        } else {
            let k = self.rng.below(self.open.len());
            let (name, call_id) = self.open.remove(k);
            // Answer by callId (possibly under another name), or by name.
            match call_id {
                Some(id) if self.rng.one_in(2) => (self.rng.pick(&TOOLS).to_string(), Some(id)),
                _ => (name, None),
            }
        };
        let id = call_id
            .map(|id| format!(r#","callId":{}"#, q(&id)))
            .unwrap_or_default();
        let success = self.rng.one_in(3);
        format!(
            r#"{{"kind":"tool_call_result","toolName":{},"result":{},"success":{success},"collapsed":{}{id}}}"#,
            q(&name),
            self.text(),
            !success
        )
    }
}
