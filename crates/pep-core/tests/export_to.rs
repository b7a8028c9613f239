//! `export_to` (what `pep export` writes) hands the request to its sink in pieces as it is
//! made; the pieces must add up to exactly the text `export_text` returns, for every format.

mod common;

use common::{DEMOS, read, synth};
use pep_core::export::{Format, Options};

const FORMATS: [Format; Format::ALL.len()] = Format::ALL;

fn assert_same(name: &str, text: &str) {
    for format in FORMATS {
        let whole = pep_core::export_text(text, format, Options::default());
        let mut sink = Vec::new();
        let streamed = pep_core::export_to(text, format, Options::default(), &mut sink);
        match (whole, streamed) {
            (Ok(whole), Ok(streamed)) => {
                assert_eq!(
                    String::from_utf8_lossy(&sink),
                    whole.text,
                    "{name} {format:?}"
                );
                assert!(streamed.text.is_empty(), "{name} {format:?}");
                assert_eq!(streamed.warnings, whole.warnings, "{name} {format:?}");
            }
            (Err(whole), Err(streamed)) => {
                assert_eq!(streamed, whole, "{name} {format:?}");
                assert!(
                    sink.is_empty(),
                    "{name} {format:?}: wrote {} bytes",
                    sink.len()
                );
            }
            (whole, streamed) => panic!("{name} {format:?}: {whole:?} against {streamed:?}"),
        }
    }
}

#[test]
fn demos_export_the_same_streamed() {
    for demo in DEMOS {
        assert_same(demo, &read(&format!("demos/{demo}")));
    }
}

#[test]
fn a_large_envelope_is_written_in_many_pieces_that_add_up() {
    let config = synth::Config {
        messages: 400,
        target_bytes: 2 << 20,
        long_text_bytes: 200_000,
        tools: 12,
        seed: 7,
        ..synth::Config::default()
    };
    let text = synth::generate(&config);
    assert!(text.len() > 1 << 20, "{} bytes", text.len());
    assert_same("generated", &text);
}

#[test]
fn an_envelope_with_errors_writes_nothing() {
    assert_same("errors", r#"{"version":"1.0","messages":[{"id":"a"}]}"#);
}

/// A sink that takes `room` bytes and then fails, as a closed pipe does.
struct Closing {
    room: usize,
    taken: usize,
}

impl std::io::Write for Closing {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.taken >= self.room {
            return Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe));
        }
        let n = buf.len().min(self.room - self.taken);
        self.taken += n;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_sink_that_fails_stops_the_writing_not_the_export() {
    let config = synth::Config {
        messages: 300,
        target_bytes: 1 << 20,
        seed: 3,
        ..synth::Config::default()
    };
    let text = synth::generate(&config);
    let mut sink = Closing {
        room: 100_000,
        taken: 0,
    };
    let export = pep_core::export_to(&text, Format::OpenAi, Options::default(), &mut sink);
    assert!(export.is_ok(), "{export:?}");
    assert_eq!(sink.taken, 100_000);
}
