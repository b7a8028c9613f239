//! The viewer's entry point; everything else lives in the library so it can be tested.

fn main() {
    prompt_envelope::start();
}
