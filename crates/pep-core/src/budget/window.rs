//! Known context windows, by model name.

/// One entry of [`CONTEXT_WINDOWS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContextWindow {
    /// The model name, or the start of the names of a model family.
    pub name: &'static str,
    /// Whether only `name` itself matches; otherwise `name` and every name that continues it
    /// after a `-` (`gpt-4o` matches `gpt-4o-mini` and `gpt-4o-2024-08-06`, not `gpt-4o1`).
    pub exact: bool,
    /// The context window (input and output together), in tokens.
    pub tokens: u64,
}

const fn family(name: &'static str, tokens: u64) -> ContextWindow {
    ContextWindow {
        name,
        exact: false,
        tokens,
    }
}

/// The context windows [`context_window`] knows, first match wins (so a family's exceptions
/// come before it). The numbers are the vendors' own: each OpenAI model's page in the
/// platform documentation (platform.openai.com/docs/models) and Anthropic's models overview
/// (docs.anthropic.com, "Models overview" and "Legacy models"). A 1M-token beta window
/// (Claude Sonnet 4 with a beta header) is not the default and is not listed.
pub const CONTEXT_WINDOWS: &[ContextWindow] = &[
    ContextWindow {
        name: "gpt-4",
        exact: true,
        tokens: 8_192,
    },
    family("gpt-4-32k", 32_768),
    family("gpt-4-turbo", 128_000),
    family("gpt-4o", 128_000),
    family("gpt-4.1", 1_047_576),
    family("gpt-3.5-turbo", 16_385),
    family("gpt-5", 400_000),
    family("o1-mini", 128_000),
    family("o1-preview", 128_000),
    family("o1", 200_000),
    family("o3", 200_000),
    family("o4-mini", 200_000),
    family("claude-2.0", 100_000),
    family("claude-instant", 100_000),
    family("claude", 200_000),
];

/// The context window of `model` in tokens, from [`CONTEXT_WINDOWS`]; `None` for a model it
/// does not know (names are matched as written: no provider prefix such as `openai/`).
pub fn context_window(model: &str) -> Option<u64> {
    CONTEXT_WINDOWS
        .iter()
        .find(|entry| {
            model == entry.name
                || (!entry.exact
                    && model
                        .strip_prefix(entry.name)
                        .is_some_and(|rest| rest.starts_with('-')))
        })
        .map(|entry| entry.tokens)
}
