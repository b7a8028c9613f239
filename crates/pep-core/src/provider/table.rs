//! The table of providers (on the model of the segment kinds' `kinds!`): one row per provider
//! gives its name, its label, the DECISIONS section that maps it, whether it exports and
//! imports, and its prompt-cache prefix order. [`Provider`], [`Format`] (what exports),
//! [`Source`] (the envelope and what imports) and [`CacheFormat`] (what has a cache prefix)
//! are generated from it, so a provider is written down once; what a provider *does* is in its
//! folder, and every `match` over these enums is exhaustive, so a new row does not compile
//! until each place that must decide has decided. A row also says which request checks
//! concern its requests and where its HTTP API takes them (the viewer's snippets).

use super::{Endpoint, Hooks};
use crate::lower::checks::CheckSet;

/// Generates the enums of the table. Each row:
/// `Variant: "name", "label", "short label", "§", export: yes|no, import: N|no,
/// cache: [members] | none, checks: [CheckSet …], endpoint: ("url", [headers]) | none,
/// export help: [lines], import help: [lines];` (the lines `pep export --help` and `pep import
/// --help` give it, each at most 82 characters: the help is 95 wide),
/// where `N` is the provider's place in [`Source::ALL`] (the order `pep import --from` lists them
/// in, kept as the sources arrived; the envelope is 0).
/// The `@…` arms sort the rows into the enums (a row is in [`Format`] when it exports, …).
macro_rules! providers {
    ($(
        $variant:ident: $name:literal, $label:literal, $short:literal, $section:literal,
        export: $export:ident, import: $import:tt, cache: $cache:tt,
        checks: [$($check:ident),*], endpoint: $endpoint:tt,
        export help: [$($export_help:literal),*], import help: [$($import_help:literal),*];
    )*) => {
        /// Every provider the core knows, in the table's order (the panel's tabs first).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Provider {
            $(
                #[doc = concat!($label, " (DECISIONS §", $section, ").")]
                $variant,
            )*
        }

        impl Provider {
            /// Every provider, in the table's order.
            pub const ALL: [Provider; [$(Provider::$variant),*].len()] = [$(Provider::$variant),*];

            /// Its name: in `pep export --to`, `pep import --from`, `?panel=`, test hooks and
            /// file names.
            pub fn name(self) -> &'static str {
                match self {
                    $(Provider::$variant => $name,)*
                }
            }

            /// Its label, as help texts and the docs name it.
            pub fn label(self) -> &'static str {
                match self {
                    $(Provider::$variant => $label,)*
                }
            }

            /// Its short label, as the viewer says where an envelope came from ("Imported
            /// from OpenAI Chat").
            pub fn short_label(self) -> &'static str {
                match self {
                    $(Provider::$variant => $short,)*
                }
            }

            /// The request checks that concern its requests (its export tab's and `pep
            /// export`'s); none for a provider whose output no API validates.
            pub fn request_checks(self) -> &'static [CheckSet] {
                match self {
                    $(Provider::$variant => &[$(CheckSet::$check),*],)*
                }
            }

            /// What `pep export --help` says of its request (none when it does not export).
            pub fn export_help(self) -> &'static [&'static str] {
                match self {
                    $(Provider::$variant => &[$($export_help),*],)*
                }
            }

            /// What `pep import --help` says of what it reads (none when it does not import).
            pub fn import_help(self) -> &'static [&'static str] {
                match self {
                    $(Provider::$variant => &[$($import_help),*],)*
                }
            }

            /// Where its HTTP API takes a request, if it has one (the viewer's cURL and SDK
            /// snippets).
            pub fn endpoint(self) -> Option<Endpoint> {
                match self {
                    $(Provider::$variant => providers!(@endpoint $endpoint),)*
                }
            }
        }

        providers!(@format [] $(($variant, $name, $label, $section) $export)*);
        providers!(@source [] $(($variant, $name, $label, $section) $import)*);
        providers!(@cache [] $(($variant) $cache)*);
    };

    (@endpoint none) => { None };
    (@endpoint ($url:literal, [$($header:literal),*])) => {
        Some(Endpoint { url: $url, headers: &[$($header),*] })
    };

    // Format: the rows that export.
    (@format [$($done:tt)*] ($($row:tt)*) yes $($rest:tt)*) => {
        providers!(@format [$($done)* ($($row)*)] $($rest)*);
    };
    (@format [$($done:tt)*] ($($row:tt)*) no $($rest:tt)*) => {
        providers!(@format [$($done)*] $($rest)*);
    };
    (@format [$(($variant:ident, $name:literal, $label:literal, $section:literal))*]) => {
        /// The request formats an envelope exports to (the rows of the table that export).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Format {
            $(
                #[doc = concat!($label, " (DECISIONS §", $section, ").")]
                $variant,
            )*
        }

        impl Format {
            /// All formats, in the panel's order.
            pub const ALL: [Format; [$(Format::$variant),*].len()] = [$(Format::$variant),*];

            /// The name `pep export --to` and `?panel=` use.
            pub fn as_str(self) -> &'static str {
                self.provider().name()
            }

            /// The format with this name.
            pub fn from_name(name: &str) -> Option<Format> {
                Format::ALL.into_iter().find(|f| f.as_str() == name)
            }

            /// The names made from its name for the viewer's test hooks ([`Hooks`]).
            pub fn hooks(self) -> Hooks {
                let (request, warnings, checks) = match self {
                    $(Format::$variant => (
                        concat!("export-", $name),
                        concat!("export-warnings-", $name),
                        concat!("request-checks-", $name),
                    ),)*
                };
                // The OpenAI tab's warnings keep the hook they had before there were other
                // formats.
                let warnings = match self {
                    Format::OpenAi => "export-warnings",
                    _ => warnings,
                };
                let has_checks = !self.provider().request_checks().is_empty();
                Hooks { request, warnings, checks: has_checks.then_some(checks) }
            }

            /// Its row of the table.
            pub fn provider(self) -> Provider {
                match self {
                    $(Format::$variant => Provider::$variant,)*
                }
            }
        }
    };

    // Source: the envelope, then the rows that import, each at its place.
    (@source [$($done:tt)*] ($($row:tt)*) no $($rest:tt)*) => {
        providers!(@source [$($done)*] $($rest)*);
    };
    (@source [$($done:tt)*] ($($row:tt)*) $place:literal $($rest:tt)*) => {
        providers!(@source [$($done)* ($($row)*, $place)] $($rest)*);
    };
    (@source [$(($variant:ident, $name:literal, $label:literal, $section:literal, $place:literal))*]) => {
        /// What a document is: an envelope, or a request (or log) of one of the formats
        /// `pep import` reads (the rows of the table that import).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Source {
            /// A Prompt Envelope (it has `version`).
            Envelope,
            $(
                #[doc = concat!($label, ", as `pep import` reads it (DECISIONS §7; §", $section, ").")]
                $variant,
            )*
        }

        impl Source {
            /// Every source, the envelope first, then each at its place in the table.
            pub const ALL: [Source; 1 + [$(Source::$variant),*].len()] = {
                let mut all = [Source::Envelope; 1 + [$(Source::$variant),*].len()];
                $(all[$place] = Source::$variant;)*
                // Two rows at one place would leave a place to the envelope: refused here,
                // when the crate compiles.
                let mut place = 1;
                while place < all.len() {
                    assert!(
                        !matches!(all[place], Source::Envelope),
                        "every importing row of the table needs a place of its own"
                    );
                    place += 1;
                }
                all
            };

            /// Its row of the table; `None` for the envelope.
            pub fn provider(self) -> Option<Provider> {
                match self {
                    Source::Envelope => None,
                    $(Source::$variant => Some(Provider::$variant),)*
                }
            }
        }
    };

    // CacheFormat: the rows with a cache prefix order.
    (@cache [$($done:tt)*] ($variant:ident) none $($rest:tt)*) => {
        providers!(@cache [$($done)*] $($rest)*);
    };
    (@cache [$($done:tt)*] ($variant:ident) [$($member:literal),*] $($rest:tt)*) => {
        providers!(@cache [$($done)* ($variant [$($member),*])] $($rest)*);
    };
    (@cache [$(($variant:ident [$($member:literal),*]))*]) => {
        /// The exports whose requests a prompt cache reuses by prefix (`pep diff`'s and
        /// Compare's cache report; the rows of the table with a cache order).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum CacheFormat {
            $(
                #[doc = concat!("The `", stringify!($variant), "` export, cached in this order after `model`:", $(" `", $member, "`",)* ".")]
                $variant,
            )*
        }

        impl CacheFormat {
            /// Every format, in the report's order.
            pub const ALL: [CacheFormat; [$(CacheFormat::$variant),*].len()] =
                [$(CacheFormat::$variant),*];

            /// The export whose request is compared (a row with a cache order must export).
            pub fn export(self) -> Format {
                match self {
                    $(CacheFormat::$variant => Format::$variant,)*
                }
            }

            /// The export's top-level members in cache order, after `model` (which comes
            /// first in every format: caches are per model).
            pub fn order(self) -> &'static [&'static str] {
                match self {
                    $(CacheFormat::$variant => &[$($member),*],)*
                }
            }
        }
    };
}

providers! {
    OpenAi: "openai", "OpenAI Chat Completions", "OpenAI Chat", "3",
        export: yes, import: 1, cache: ["tools", "messages"],
        checks: [Arguments, OpenAiOrder],
        endpoint: ("https://api.openai.com/v1/chat/completions",
            ["Content-Type: application/json", "Authorization: Bearer $OPENAI_API_KEY"]),
        export help: ["OpenAI Chat Completions: { model, messages, tools }"],
        import help: ["an OpenAI Chat Completions request: { model, messages, tools }"];
    // The Responses API pairs outputs with calls by call_id, in any order.
    Responses: "responses", "OpenAI Responses", "OpenAI Responses", "10",
        export: yes, import: 4, cache: ["tools", "instructions", "input"],
        checks: [Arguments],
        endpoint: ("https://api.openai.com/v1/responses",
            ["Content-Type: application/json", "Authorization: Bearer $OPENAI_API_KEY"]),
        export help: ["OpenAI Responses: { model, instructions, input, tools }"],
        import help: ["an OpenAI Responses request: { model, instructions, input, tools }"];
    // The Anthropic turn rules are among that export's own warnings.
    Anthropic: "anthropic", "Anthropic Messages", "Anthropic", "5",
        export: yes, import: 2, cache: ["tools", "system", "messages"],
        checks: [Arguments],
        endpoint: ("https://api.anthropic.com/v1/messages",
            ["content-type: application/json", "x-api-key: $ANTHROPIC_API_KEY",
                "anthropic-version: 2023-06-01"]),
        export help: ["Anthropic Messages: { model, max_tokens, system, messages, tools }",
            "(--max-tokens N sets max_tokens, an integer >= 1; default 4096)"],
        import help: ["an Anthropic Messages request: { model, system, messages, tools }"];
    // An MCP prompt declares no tools and goes to no HTTP API.
    Mcp: "mcp", "MCP prompts/get result", "MCP", "6",
        export: yes, import: 3, cache: none, checks: [], endpoint: none,
        export help: ["an MCP prompts/get result: { messages }"],
        import help: ["an MCP prompts/get result: { messages }, bare or as a JSON-RPC response's result"];
    // A trace records a call: no provider validates it, nobody sends it.
    Otel: "otel", "OpenTelemetry GenAI", "OpenTelemetry GenAI", "12",
        export: yes, import: 7, cache: none, checks: [], endpoint: none,
        export help: ["OpenTelemetry GenAI span attributes (semantic conventions v1.41.0):",
            "{ gen_ai.system_instructions, gen_ai.input.messages, gen_ai.tool.definitions }"],
        import help: ["OpenTelemetry GenAI data: span attributes (gen_ai.input.messages, …; arrays or",
            "JSON strings), a bare array of messages with `parts`, or an OTLP/JSON trace"];
    // Gemini pairs responses with calls by id or by name and order; its url ends with the
    // model (the snippets add it).
    Gemini: "gemini", "Google Gemini generateContent", "Gemini", "14",
        export: yes, import: 8, cache: ["systemInstruction", "tools", "contents"],
        checks: [Arguments],
        endpoint: ("https://generativelanguage.googleapis.com/v1beta/models/",
            ["Content-Type: application/json", "x-goog-api-key: $GEMINI_API_KEY"]),
        export help: ["Google Gemini generateContent: { systemInstruction, contents, tools }",
            "(the model goes in the url: POST models/MODEL:generateContent)"],
        import help: ["a Google Gemini generateContent body: { systemInstruction, contents, tools },",
            "camelCase or snake_case, bare, in a Code Assist wrapper or a Batch line"];
    ClaudeCode: "claude-code", "Claude Code session log", "Claude Code", "11",
        export: no, import: 5, cache: none, checks: [], endpoint: none,
        export help: [],
        import help: ["a Claude Code session transcript (~/.claude/projects/…/*.jsonl): the",
            "conversation of its last request, the parentUuid chain back from the last line"];
    Codex: "codex", "Codex CLI rollout", "Codex", "11",
        export: no, import: 6, cache: none, checks: [], endpoint: none,
        export help: [],
        import help: ["a Codex CLI rollout (~/.codex/sessions/…/rollout-*.jsonl)"];
    GeminiCli: "gemini-cli", "Gemini CLI session log", "Gemini CLI", "14",
        export: no, import: 9, cache: none, checks: [], endpoint: none,
        export help: [],
        import help: ["a Gemini CLI session log (~/.gemini/tmp/…/chats/session-*.jsonl, or the older",
            "session-*.json): the conversation its records, rewinds and checkpoints leave"];
}
