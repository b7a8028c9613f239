//! The table of providers (on the model of the segment kinds' `kinds!`): one row per provider
//! gives its name, its label, the DECISIONS section that maps it, whether it exports and
//! imports, and its prompt-cache prefix order. [`Provider`], [`Format`] (what exports),
//! [`Source`] (the envelope and what imports) and [`CacheFormat`] (what has a cache prefix)
//! are generated from it, so a provider is written down once; what a provider *does* is in its
//! folder, and every `match` over these enums is exhaustive, so a new row does not compile
//! until each place that must decide has decided.

/// Generates the enums of the table. Each row:
/// `Variant: "name", "label", "short label", "§", export: yes|no, import: N|no,
/// cache: [members] | none;`,
/// where `N` is the provider's place in [`Source::ALL`] (the order `pep import --from` lists them
/// in, kept as the sources arrived; the envelope is 0).
/// The `@…` arms sort the rows into the enums (a row is in [`Format`] when it exports, …).
macro_rules! providers {
    ($(
        $variant:ident: $name:literal, $label:literal, $short:literal, $section:literal,
        export: $export:ident, import: $import:tt, cache: $cache:tt;
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
        }

        providers!(@format [] $(($variant, $name, $label, $section) $export)*);
        providers!(@source [] $(($variant, $name, $label, $section) $import)*);
        providers!(@cache [] $(($variant) $cache)*);
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
        export: yes, import: 1, cache: ["tools", "messages"];
    Responses: "responses", "OpenAI Responses", "OpenAI Responses", "10",
        export: yes, import: 4, cache: ["tools", "instructions", "input"];
    Anthropic: "anthropic", "Anthropic Messages", "Anthropic", "5",
        export: yes, import: 2, cache: ["tools", "system", "messages"];
    Mcp: "mcp", "MCP prompts/get result", "MCP", "6",
        export: yes, import: 3, cache: none;
    Otel: "otel", "OpenTelemetry GenAI", "OpenTelemetry GenAI", "12",
        export: yes, import: 7, cache: none;
    Gemini: "gemini", "Google Gemini generateContent", "Gemini", "14",
        export: yes, import: 8, cache: ["systemInstruction", "tools", "contents"];
    ClaudeCode: "claude-code", "Claude Code session log", "Claude Code", "11",
        export: no, import: 5, cache: none;
    Codex: "codex", "Codex CLI rollout", "Codex", "11",
        export: no, import: 6, cache: none;
    GeminiCli: "gemini-cli", "Gemini CLI session log", "Gemini CLI", "14",
        export: no, import: 9, cache: none;
}
