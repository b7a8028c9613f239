//! `mdbook-prompt-envelope`: mdBook's preprocessor protocol around [`mdbook_prompt_envelope`].
//! `supports RENDERER` answers whether the renderer is `html`; otherwise the book comes in on
//! standard input as `[context, book]` and goes out on standard output, with warnings on
//! standard error.

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [command, renderer] = args.as_slice()
        && command == "supports"
    {
        return if renderer == "html" {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    let mut input = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("mdbook-prompt-envelope: cannot read the book from standard input: {error}");
        return ExitCode::FAILURE;
    }
    match mdbook_prompt_envelope::preprocess(&input) {
        Ok(done) => {
            for warning in &done.warnings {
                eprintln!("mdbook-prompt-envelope: {}", printable(warning));
            }
            let mut out = std::io::stdout().lock();
            if let Err(error) = out
                .write_all(done.book.as_bytes())
                .and_then(|()| out.flush())
            {
                eprintln!("mdbook-prompt-envelope: cannot write the book: {error}");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        // Only mdBook's own input can be wrong here: an envelope's problems are boxes.
        Err(message) => {
            eprintln!("mdbook-prompt-envelope: {}", printable(&message));
            ExitCode::FAILURE
        }
    }
}

/// `text` with its control characters written as escapes: an envelope's text in a warning
/// must not drive the terminal.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
