//! The help texts of `pep` and its commands, as written for people: the usage block, then
//! what each command prints and its exit status (`spec` places them around `clap`'s lists).
//! The lists of formats come from the table of providers (`formats`).

use super::formats;

/// `pep --help`'s usage block.
pub(super) fn main_usage() -> String {
    format!(
        "\
pep validate FILE...            check envelopes against the protocol
  pep export --to FORMAT FILE     {}
  pep import FILE                 turn a request or an agent session log into an envelope
  pep stats FILE                  count characters and tokens: the context budget
  pep diff A B                    compare two envelopes or requests, and their prompt caches
  pep redact FILE                 replace the secrets in an envelope before sharing it
  pep render FILE                 print the envelope as one static HTML page, with no script
  pep completions bash|zsh|fish   print a shell completion script
  pep --help | --version",
        export_about()
    )
}

/// What `pep export` does, as the command list says it: the formats when the line stays
/// within the help's width (after the usage column), else where to find them.
pub(super) fn export_about() -> String {
    let listed = format!("print a request: {}", formats::export_words("or"));
    // The command list's text starts at column 34.
    if listed.chars().count() <= formats::WIDTH - 34 {
        listed
    } else {
        "print a provider's request (pep export --help lists the formats)".to_owned()
    }
}

pub(super) const MAIN_AFTER: &str = "\
FILE may be `-` to read standard input, and `--` ends the options. Run `pep COMMAND --help`
for details.

Exit status: 0 no errors, 1 an envelope has errors or a request cannot be imported (for
`pep diff`: 0 the same, 1 different), 2 usage or input/output problem.";

pub(super) const VALIDATE_AFTER: &str = "\
Prints one line per problem on standard output:
  error PATH: message
  warning PATH: message
where PATH is a JSON path such as messages[2].segments[0].items[1].title ($ is the whole
document). Standard output holds nothing else. A summary per file goes to standard error, and
with several files a `==> FILE <==` header before each. `-` reads standard input.

Exit status: 0 when no file has errors (warnings are fine), 1 when any file has an error,
2 on a usage problem or a file that cannot be read.";

/// `pep export --help`'s text after the arguments.
pub(super) fn export_after() -> String {
    format!(
        "\
Prints the request body as JSON pretty-printed with two spaces on standard output, and export
warnings (`warning PATH: message`) on standard error. An envelope with errors is not exported:
its problems go to standard error and nothing to standard output. `-` reads standard input.

{}

Exit status: 0 exported, 1 the envelope has errors, 2 usage or input problem.",
        formats::export_list()
    )
}

/// `pep import --help`'s text after the arguments.
pub(super) fn import_after() -> String {
    format!(
        "\
Prints the envelope as JSON pretty-printed with two spaces on standard output, and import
warnings (`warning PATH: message`, PATH in the input: what the envelope cannot hold or holds
differently) on standard error. An input that cannot be imported is not: its errors
(`error PATH: message`) go to standard error and nothing to standard output. An input that is
already an envelope is printed back when it validates. `-` reads standard input.

{}

A file of many requests, one per line (JSON Lines; an OpenAI Batch line counts as its
`body`), or an OTLP trace with several GenAI spans (in start-time order), is imported with
--index K (request K, 1-based) or --all (a JSON array of every envelope); a request that
cannot be imported is skipped with a warning naming it.

Messages get the ids m-1, m-2, … and the timestamps 1, 2, … (a log's: its lines' times in
milliseconds): the same input always gives the same envelope. Paths in a log's warnings name
the line first (`line 12.message.content[1]`).

Exit status: 0 imported, 1 the input cannot be imported, 2 usage or input problem.",
        formats::import_list()
    )
}

/// `pep stats --help`'s text after the arguments.
pub(super) fn stats_after() -> String {
    let first = formats::fill(&format!(
        "Prints, for every segment that reaches the model, its size in characters and in tokens, \
         then the totals per kind, per message and for the whole request in each format ({}), \
         and the share of the model's context window when the model is known.",
        formats::export_words("and")
    ));
    format!(
        "\
{first}

Tokens are exact o200k_base counts (GPT-4o, GPT-4.1, GPT-5, o-series; other models' tokenizers
differ). The column `≈` is the estimate the viewer shows, so its error is in plain sight.
A segment's text is what the export gives it (a system prompt with its variables expanded, a
tool call's name and compact arguments); an image sent as an image counts 0: providers bill
images by their pixels. A request counts every string value of its body except the model,
with tool schemas and Anthropic tool inputs as compact JSON (see docs/context-budget.md).

Formats:
  table  aligned columns (default)
  json   one object: model, tokenizer, context_window, segments, kinds, messages, requests;
         each row has chars, tokens and estimate

An envelope with errors is not measured: its problems go to standard error. Warnings about
what the export leaves out also go to standard error. `-` reads standard input.

Exit status: 0 measured, 1 the envelope has errors, 2 usage or input problem."
    )
}

/// `pep diff --help`'s text after the arguments.
pub(super) fn diff_after() -> String {
    let first = formats::fill(&format!(
        "Compares A with B, each an envelope or what `pep import` reads ({}), detected and \
         imported as `pep import` does. Messages are aligned by role and what the model \
         receives of them, segments by kind and content; ids, timestamps and `collapsed` make \
         no difference. Each message and segment is same, changed, added or removed, and a \
         changed text shows its words ([-removed-]{{+added+}}).",
        formats::import_words("or")
    ));
    format!(
        "\
{first}

For each provider's request the report gives the prompt-cache prefix: the requests compared
item by item in cache order (the model, each tool, Responses' instructions or Anthropic's
system, each message or input item), where
the first difference is, the segment it comes from and the ≈ tokens before it — an upper
bound, since providers cache in blocks and only from a minimum length.

{}

Output (--format):
  text  a readable report, identical runs folded (default)
  json  one object: same, messages, segments, cache, changes, tokens, model (docs/diff.md)

One of A and B may be `-` (standard input). An input with errors is not compared: its
problems go to standard error.

Exit status: 0 the same, 1 different, 2 usage or input problem.",
        formats::cache_list()
    )
}

pub(super) const REDACT_AFTER: &str = "\
Prints the envelope with each secret replaced by `[redacted: KIND]`, as JSON pretty-printed
with two spaces, on standard output, and one line per secret found on standard error:
  PATH: KIND
where PATH is the JSON path of the string (messages[2].segments[0].content) and KIND one of
openai-key, anthropic-key, aws-key, github-token, slack-token, google-key, bearer-token,
private-key, jwt, or named-secret (the value of a key or static_var named like password,
token, secret or api_key). Every string is scanned: contents, values, tool arguments and
results, URLs, names, unknown fields. Only the secret's own characters are replaced (the
token after `Bearer `, a private key from its BEGIN line to its END line); hashes, UUIDs,
base64 media, placeholders and words like \"token\" in prose are not secrets
(docs/redact.md). A long_text's charCount is recomputed. `-` reads standard input.

Exit status: 0 printed, whether anything was found or not; 1 the input is not an envelope
(its errors go to standard error; a provider's request, an object without `version`, is
named: `pep import` makes an envelope of it); 2 usage or input problem.";

pub(super) const COMPLETIONS_AFTER: &str = "\
Prints the completion script for SHELL on standard output. To install it:
  bash  pep completions bash > ~/.local/share/bash-completion/completions/pep
        (or, for this shell only: source <(pep completions bash))
  zsh   pep completions zsh > ~/.zfunc/_pep
        (with fpath+=(~/.zfunc) before compinit in ~/.zshrc)
  fish  pep completions fish > ~/.config/fish/completions/pep.fish

Exit status: 0 printed, 2 usage problem.";

/// `pep render --help`'s text after the arguments.
pub(super) fn render_after() -> String {
    format!(
        "\
Prints one self-contained HTML page on standard output: the conversation with the viewer's
segment markup and colours (light and dark by the reader's system, readable in print), each
folding segment a <details> open unless `collapsed`, and the panel's request exactly as
`pep export` prints it. No script, and nothing is loaded but the envelope's own media. A
missing `collapsed` takes the spec's default, with a warning on standard error; any other
problem goes to standard error and nothing to standard output. `-` reads standard input.

{}

Exit status: 0 rendered, 1 the input is not a valid envelope, 2 usage or input problem (a
`--step` outside 1..N among them).",
        formats::fill(&format!(
            "Panels: {} (the export formats; the first is the default), raw (the envelope as \
             written, pretty-printed), none.",
            formats::export_words("and")
        ))
    )
}
