//! The random segments of the property tests, one helper per kind, so that every kind the
//! protocol knows is generated with the fields it requires (and, when not `valid`, sometimes
//! without one). The order of the generator's calls is the cases' identity: keep it.

use super::{NUMBERS, Rng, any, items, object, string};

fn flag(rng: &mut Rng) -> String {
    rng.pick(&["true", "false"]).to_owned()
}

fn word(rng: &mut Rng, words: &[&str]) -> String {
    format!("\"{}\"", rng.pick(words))
}

fn kind(name: &str) -> String {
    format!("\"{name}\"")
}

/// A segment of any kind, its fields picked by the helper of that kind.
pub(crate) fn segment(rng: &mut Rng, valid: bool) -> String {
    let fields = match rng.below(11) {
        0 => vec![("kind", kind("text")), ("content", string(rng))],
        1 => vec![
            ("kind", kind("static_var")),
            ("name", word(rng, &["x", "y", "name"])),
            ("value", string(rng)),
        ],
        2 => vec![
            ("kind", kind("system_prompt")),
            ("content", string(rng)),
            ("collapsed", flag(rng)),
        ],
        3 | 4 => memory_or_skills(rng, valid),
        5 => tool_overview(rng, valid),
        6 => tool_call_request(rng),
        7 => tool_call_result(rng),
        8 => document(rng),
        9 => long_text(rng),
        _ => media(rng),
    };
    object(rng, fields, valid)
}

fn memory_or_skills(rng: &mut Rng, valid: bool) -> Vec<(&'static str, String)> {
    let (name, first, second) = if rng.chance(2) {
        ("memory", "title", "content")
    } else {
        ("skills", "name", "description")
    };
    let item = vec![(first, string(rng)), (second, string(rng))];
    let list = items(rng, item, valid);
    vec![
        ("kind", kind(name)),
        ("items", list),
        ("collapsed", flag(rng)),
    ]
}

fn tool_overview(rng: &mut Rng, valid: bool) -> Vec<(&'static str, String)> {
    let schema = format!("{{\"n\":{}}}", any(rng, 3));
    let item = vec![
        ("name", word(rng, &["t", "u"])),
        ("description", string(rng)),
        ("parameters", string(rng)),
        ("schema", schema),
    ];
    let list = items(rng, item, valid);
    vec![
        ("kind", kind("tool_overview")),
        ("items", list),
        ("collapsed", flag(rng)),
    ]
}

fn tool_call_request(rng: &mut Rng) -> Vec<(&'static str, String)> {
    let arguments = format!("{{\"q\":{},\"n\":{}}}", any(rng, 3), rng.pick(&NUMBERS));
    vec![
        ("kind", kind("tool_call_request")),
        ("toolName", word(rng, &["t", "u"])),
        ("arguments", arguments),
        ("collapsed", flag(rng)),
    ]
}

fn tool_call_result(rng: &mut Rng) -> Vec<(&'static str, String)> {
    vec![
        ("kind", kind("tool_call_result")),
        ("toolName", word(rng, &["t", "u"])),
        ("result", string(rng)),
        ("success", flag(rng)),
        ("collapsed", flag(rng)),
    ]
}

fn document(rng: &mut Rng) -> Vec<(&'static str, String)> {
    vec![
        ("kind", kind("document")),
        ("fileName", string(rng)),
        ("mimeType", string(rng)),
        ("snippet", string(rng)),
        (
            "sizeBytes",
            rng.pick(&["0", "-0", "1024", "2845000"]).to_owned(),
        ),
    ]
}

fn long_text(rng: &mut Rng) -> Vec<(&'static str, String)> {
    vec![
        ("kind", kind("long_text")),
        ("content", kind("abc")),
        ("charCount", "3".to_owned()),
        ("collapsed", flag(rng)),
    ]
}

fn media(rng: &mut Rng) -> Vec<(&'static str, String)> {
    vec![
        ("kind", kind("media")),
        ("mediaType", word(rng, &["image", "audio", "video"])),
        (
            "url",
            word(
                rng,
                &["cat.svg", "https://a.b/c.png", "data:audio/mpeg;base64,AA"],
            ),
        ),
        ("altText", string(rng)),
    ]
}
