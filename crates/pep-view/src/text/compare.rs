//! The compare view's sentences (DECISIONS §13) in both languages: the summary, each
//! format's prompt cache and why it breaks, the token deltas.

use pep_core::diff::Status;

use super::Lang;
use super::budget::grouped;
use crate::model::compare::{BreakSegmentView, CacheView, CompareView};

/// The compare view's labels. They live here, not in [`super::Text`], because only the
/// compare module (a wasm of its own, fetched on first use) shows them: the page's catalogue
/// stays as small as its first render needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Label {
    /// The view's heading.
    Title,
    /// The picker's heading.
    With,
    /// The paste box's label.
    Paste,
    /// The paste box's button.
    Go,
    /// The prompt cache's heading.
    Cache,
    /// The aligned messages' heading.
    Changes,
    /// The summary's token line.
    Tokens,
    /// The button building the next rows.
    ShowMore,
    /// Side B's name when it was pasted.
    Pasted,
    /// Side B's name when it was a share link.
    SharedLink,
    /// Said until a side B is chosen.
    PickB,
}

impl Label {
    /// Every label.
    pub const ALL: &[Label] = &[
        Label::Title,
        Label::With,
        Label::Paste,
        Label::Go,
        Label::Cache,
        Label::Changes,
        Label::Tokens,
        Label::ShowMore,
        Label::Pasted,
        Label::SharedLink,
        Label::PickB,
    ];

    /// This label in `lang`.
    pub fn t(self, lang: Lang) -> &'static str {
        let (zh, en) = match self {
            Label::Title => ("对比两个请求", "Compare two requests"),
            Label::With => ("与哪个对比（B）", "Compare with (B)"),
            Label::Paste => (
                "粘贴信封、请求或分享链接",
                "Paste an envelope, a request or a share link",
            ),
            Label::Go => ("对比", "Compare"),
            Label::Cache => ("提示缓存", "Prompt cache"),
            Label::Changes => ("逐条差异", "Changes"),
            Label::Tokens => ("≈ Token 变化", "≈ token change"),
            Label::ShowMore => ("显示更多", "Show more"),
            Label::Pasted => ("粘贴的文本", "pasted text"),
            Label::SharedLink => ("分享链接", "share link"),
            Label::PickB => (
                "选择 B：一个示例、你的信封、一个文件，或粘贴的文本。",
                "Choose B: a demo, Your envelope, a file, or a pasted text.",
            ),
        };
        match lang {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

/// `same`, `changed`, `added`, `removed` in `lang`.
pub fn status(lang: Lang, status: Status) -> &'static str {
    match (lang, status) {
        (Lang::En, Status::Same) => "same",
        (Lang::En, Status::Changed) => "changed",
        (Lang::En, Status::Added) => "added",
        (Lang::En, Status::Removed) => "removed",
        (Lang::Zh, Status::Same) => "相同",
        (Lang::Zh, Status::Changed) => "已修改",
        (Lang::Zh, Status::Added) => "新增",
        (Lang::Zh, Status::Removed) => "删除",
    }
}

/// "A and B are the same" or "A and B differ".
pub fn verdict(lang: Lang, view: &CompareView) -> &'static str {
    match (lang, view.same) {
        (Lang::En, true) => "A and B are the same (ids, timestamps and folding aside)",
        (Lang::En, false) => "A and B differ",
        (Lang::Zh, true) => "A 与 B 相同（不计 id、时间戳与折叠）",
        (Lang::Zh, false) => "A 与 B 不同",
    }
}

/// "messages: 10 same, 1 changed, 1 added, 0 removed" (or segments).
pub fn counts(lang: Lang, segments: bool, counts: &[usize]) -> String {
    let what = match (lang, segments) {
        (Lang::En, false) => "messages",
        (Lang::En, true) => "segments",
        (Lang::Zh, false) => "消息",
        (Lang::Zh, true) => "Segment",
    };
    let parts: Vec<String> = Status::ALL
        .iter()
        .zip(counts)
        .map(|(s, n)| format!("{} {}", grouped(*n), status(lang, *s)))
        .collect();
    let sep = if lang == Lang::Zh { "，" } else { ", " };
    format!("{what}: {}", parts.join(sep))
}

/// `+214` or `−12`.
pub fn signed(a: usize, b: usize) -> String {
    let sign = if b >= a { '+' } else { '−' };
    format!("{sign}{}", grouped(a.abs_diff(b)))
}

/// One format's prompt cache in one sentence, with why it breaks.
pub fn cache_line(lang: Lang, cache: &CacheView) -> String {
    let tokens = grouped(cache.prefix_tokens);
    let Some(found) = &cache.cache_break else {
        return match lang {
            Lang::En => format!(
                "The two requests are the same: all ≈ {tokens} tokens could come from the cache."
            ),
            Lang::Zh => format!("两个请求完全相同：全部 ≈ {tokens} 个 Token 都可以命中缓存。"),
        };
    };
    let place = |path: &Option<String>, side: &str| match (lang, path) {
        (_, Some(path)) => format!("{path} ({side})"),
        (Lang::En, None) => format!("the end ({side})"),
        (Lang::Zh, None) => format!("末尾（{side}）"),
    };
    let places = format!("{} / {}", place(&found.a, "A"), place(&found.b, "B"));
    let why = found.segment.as_ref().map_or(String::new(), |segment| {
        format!(" — {}", blamed(lang, segment))
    });
    match lang {
        Lang::En => {
            format!("The first ≈ {tokens} tokens are the same; the cache breaks at {places}{why}.")
        }
        Lang::Zh => format!("前 ≈ {tokens} 个 Token 相同；缓存在 {places} 处断开{why}。"),
    }
}

/// Why the break's segment differs: "messages[0].segments[1], system_prompt: variable `date`
/// changed".
fn blamed(lang: Lang, segment: &BreakSegmentView) -> String {
    let side = if segment.in_b { " (B)" } else { "" };
    let at = format!("{}{side}", segment.at.path());
    let kind = segment.kind.as_str();
    match (&segment.variable, lang) {
        (Some(name), Lang::En) => format!("{at}, system_prompt: variable `{name}` changed"),
        (Some(name), Lang::Zh) => format!("{at}，system_prompt：变量 `{name}` 的值变了"),
        (None, Lang::En) if segment.status == Status::Same => {
            format!("{at}, {kind}: the same segment, exported differently (its call id)")
        }
        (None, Lang::Zh) if segment.status == Status::Same => {
            format!("{at}，{kind}：Segment 相同，但导出不同（调用 id）")
        }
        (None, _) => format!("{at}, {kind} {}", status(lang, segment.status)),
    }
}

/// "… 40 same messages" (a folded run).
pub fn same_run(lang: Lang, count: usize) -> String {
    match lang {
        Lang::En if count == 1 => "… 1 same message".to_owned(),
        Lang::En => format!("… {} same messages", grouped(count)),
        Lang::Zh => format!("… {} 条相同的消息", grouped(count)),
    }
}

/// Why the prefix is an upper bound.
pub fn upper_bound(lang: Lang) -> &'static str {
    match lang {
        Lang::En => {
            "An upper bound: providers cache in blocks and only from a minimum length, so a real cache may reuse less."
        }
        Lang::Zh => "这是上限：服务商按块缓存，且只缓存达到最小长度的前缀，实际命中可能更少。",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::compare::BreakView;
    use pep_core::SegmentRef;
    use pep_core::export::Format;
    use pep_core::model::SegmentKind;

    #[test]
    fn every_label_is_in_both_languages_and_differs_between_them() {
        for label in Label::ALL {
            let (zh, en) = (label.t(Lang::Zh), label.t(Lang::En));
            assert!(!zh.trim().is_empty() && !en.trim().is_empty(), "{label:?}");
            assert_ne!(zh, en, "{label:?}");
        }
    }

    #[test]
    fn the_cache_line_names_the_break_and_why() {
        let cache = CacheView {
            format: Format::OpenAi,
            prefix_tokens: 12_340,
            cache_break: Some(BreakView {
                a: Some("messages[0]".into()),
                b: Some("messages[0]".into()),
                lines_a: Some((3, 6)),
                lines_b: Some((3, 6)),
                segment: Some(BreakSegmentView {
                    in_b: false,
                    at: SegmentRef::new(0, 0),
                    kind: SegmentKind::StaticVar,
                    status: Status::Changed,
                    variable: Some("date".into()),
                }),
            }),
        };
        assert_eq!(
            cache_line(Lang::En, &cache),
            "The first ≈ 12,340 tokens are the same; the cache breaks at messages[0] (A) / messages[0] (B) — messages[0].segments[0], system_prompt: variable `date` changed."
        );
        assert!(cache_line(Lang::Zh, &cache).contains("变量 `date`"));
        let same = CacheView {
            cache_break: None,
            ..cache
        };
        assert!(cache_line(Lang::En, &same).starts_with("The two requests are the same"));
        assert_eq!(
            counts(Lang::En, false, &[10, 1, 1, 0]),
            "messages: 10 same, 1 changed, 1 added, 0 removed"
        );
        assert_eq!(signed(10, 3), "−7");
        assert_eq!(signed(3, 1003), "+1,000");
    }
}
