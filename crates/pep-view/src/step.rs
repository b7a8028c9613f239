//! Step-through (DECISIONS §13) as plain values: which step `?step=` and the host's `set`
//! ask for, what the keys do, and the line that says what a step added. The page keeps the
//! step in a signal; the engine cuts the envelope ([`crate::model::Request::Step`]).

use pep_core::model::Role;

use crate::text::Lang;
use crate::text::budget::grouped;

/// The step `?step=k` asks for: a whole number of at least 1 (beyond the envelope: the last
/// step, [`clamp`]); anything else asks for nothing (the last step too).
pub fn from_query(value: Option<&str>) -> Option<u64> {
    value
        .and_then(|value| value.trim().parse::<u64>().ok())
        .filter(|step| *step >= 1)
}

/// A host's `set {"step": k}`: `k` must be a whole number of at least 1 (else `None`: the
/// `set` is refused). The page takes the last step for any `k` beyond its envelope.
pub fn from_host(value: f64) -> Option<u64> {
    let whole = value.is_finite() && value.fract() == 0.0 && value >= 1.0;
    // `as` saturates: a whole number beyond u64 is the last step all the same.
    whole.then_some(value as u64)
}

/// Step `asked` of an envelope of `count` messages: at most the last.
pub fn clamp(asked: u64, count: usize) -> usize {
    usize::try_from(asked).map_or(count, |asked| asked.clamp(1, count.max(1)))
}

/// What a key does to the step, outside text fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKey {
    /// ← : one step back.
    Previous,
    /// → : one step on.
    Next,
    /// Home: the first step.
    First,
    /// End: the last step.
    Last,
}

impl StepKey {
    /// The key a `KeyboardEvent.key` names, if it moves the step.
    pub fn from_key(key: &str) -> Option<StepKey> {
        match key {
            "ArrowLeft" => Some(StepKey::Previous),
            "ArrowRight" => Some(StepKey::Next),
            "Home" => Some(StepKey::First),
            "End" => Some(StepKey::Last),
            _ => None,
        }
    }

    /// The step after this key, from `step` of `count`.
    pub fn apply(self, step: usize, count: usize) -> usize {
        let last = count.max(1);
        match self {
            StepKey::Previous => step.saturating_sub(1).max(1),
            StepKey::Next => (step + 1).min(last),
            StepKey::First => 1,
            StepKey::Last => last,
        }
    }
}

/// "k / N".
pub fn position(step: usize, count: usize) -> String {
    format!("{step} / {count}")
}

/// What step k added, in one line: "+1 user message, +214 ≈ tokens" (the message's ≈
/// tokens in the budget, when it is known; `None` for an invalid message, which has no role).
pub fn added(lang: Lang, role: Option<Role>, tokens: Option<usize>) -> String {
    match lang {
        Lang::En => {
            let role = match role {
                Some(Role::System) => "system ",
                Some(Role::User) => "user ",
                Some(Role::Assistant) => "assistant ",
                Some(Role::Tool) => "tool ",
                None => "",
            };
            let tokens = tokens.map_or(String::new(), |t| format!(", +{} ≈ tokens", grouped(t)));
            format!("+1 {role}message{tokens}")
        }
        Lang::Zh => {
            let role = match role {
                Some(Role::System) => "系统",
                Some(Role::User) => "用户",
                Some(Role::Assistant) => "助手",
                Some(Role::Tool) => "工具",
                None => "",
            };
            let tokens = tokens.map_or(String::new(), |t| format!("，+{} ≈ Token", grouped(t)));
            format!("+1 条{role}消息{tokens}")
        }
    }
}

/// How long Play waits between steps, in milliseconds.
pub const PLAY_EVERY_MS: u32 = 2_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_names_a_step_or_the_last() {
        assert_eq!(from_query(Some("3")), Some(3));
        assert_eq!(from_query(Some(" 1 ")), Some(1));
        for wrong in ["0", "-1", "2.5", "x", "", "3abc", "99999999999999999999999"] {
            assert_eq!(from_query(Some(wrong)), None, "{wrong}");
        }
        assert_eq!(from_query(None), None);
        assert_eq!(clamp(from_query(Some("9")).unwrap_or(u64::MAX), 7), 7);
    }

    #[test]
    fn a_host_gives_a_whole_number() {
        assert_eq!(from_host(2.0), Some(2));
        assert_eq!(from_host(1e300), Some(u64::MAX));
        for wrong in [0.0, -3.0, 1.5, f64::NAN, f64::INFINITY] {
            assert_eq!(from_host(wrong), None, "{wrong}");
        }
        assert_eq!(clamp(2, 5), 2);
        assert_eq!(clamp(9, 5), 5);
        assert_eq!(clamp(u64::MAX, 5), 5);
    }

    #[test]
    fn keys_move_within_the_envelope() {
        let keys: Vec<_> = ["ArrowLeft", "ArrowRight", "Home", "End", "a"]
            .iter()
            .map(|k| StepKey::from_key(k))
            .collect();
        assert_eq!(
            keys,
            [
                Some(StepKey::Previous),
                Some(StepKey::Next),
                Some(StepKey::First),
                Some(StepKey::Last),
                None
            ]
        );
        assert_eq!(StepKey::Previous.apply(1, 5), 1);
        assert_eq!(StepKey::Previous.apply(4, 5), 3);
        assert_eq!(StepKey::Next.apply(5, 5), 5);
        assert_eq!(StepKey::Next.apply(2, 5), 3);
        assert_eq!(StepKey::First.apply(4, 5), 1);
        assert_eq!(StepKey::Last.apply(1, 5), 5);
        assert_eq!(position(3, 12), "3 / 12");
    }

    #[test]
    fn the_added_line_says_role_and_tokens() {
        assert_eq!(
            added(Lang::En, Some(Role::User), Some(214)),
            "+1 user message, +214 ≈ tokens"
        );
        assert_eq!(
            added(Lang::En, Some(Role::Tool), Some(12_340)),
            "+1 tool message, +12,340 ≈ tokens"
        );
        assert_eq!(added(Lang::En, None, None), "+1 message");
        assert_eq!(
            added(Lang::Zh, Some(Role::Assistant), Some(5)),
            "+1 条助手消息，+5 ≈ Token"
        );
    }
}
