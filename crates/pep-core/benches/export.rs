//! Export throughput on a generated ~10 MB envelope (target: ≥ 300 MiB/s for `pep export`
//! and `pep validate` on the team's 2-core machines, issue 12). Run: `cargo bench -p pep-core
//! --bench export`. The whole process is timed by `scripts/perf.sh`.

// The envelope is shared with the generator (`--preset bench`), so the browser performance
// harness and `pep` figures measure the same bytes as this benchmark.
#[path = "../tests/common/synth.rs"]
mod synth;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// pep's allocator, so that these figures are pep's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use pep_core::Mode;
use pep_core::export::Format;

fn bench(c: &mut Criterion) {
    let text = synth::bench_envelope(synth::BENCH_BYTES);
    let bytes = text.len() as u64;
    let loaded = pep_core::load(&text, Mode::Strict);
    assert!(
        !loaded.has_errors(),
        "generated envelope is invalid: {:?}",
        &loaded.issues[..1]
    );
    let Some(envelope) = loaded.envelope else {
        return;
    };
    eprintln!(
        "generated envelope: {:.1} MB, {} messages",
        bytes as f64 / 1e6,
        envelope.messages.len()
    );

    let mut group = c.benchmark_group("openai");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("export (typed envelope → JSON text)", |b| {
        b.iter(|| {
            pep_core::export::export(
                &envelope,
                pep_core::Format::OpenAi,
                pep_core::Options::default(),
            )
            .to_pretty_json()
        })
    });
    group.bench_function("pep export (text → validate → JSON text)", |b| {
        b.iter(|| {
            match pep_core::export_text(
                &text,
                pep_core::Format::OpenAi,
                pep_core::Options::default(),
            ) {
                Ok(export) => export.to_pretty_json(),
                Err(_) => String::new(),
            }
        })
    });
    group.bench_function(
        "pep export, streamed (text → validate → JSON into a sink)",
        |b| {
            b.iter(|| {
                let options = pep_core::export::Options::default();
                pep_core::export_to(&text, Format::OpenAi, options, &mut std::io::sink()).is_ok()
            })
        },
    );
    group.bench_function("pep validate (text → issues)", |b| {
        b.iter(|| pep_core::validate(&text))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
