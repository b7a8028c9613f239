//! The six demos of spec §8, as `demos/manifest.json` lists them: ids, files, titles,
//! descriptions and presenter notes ("what to look at") in both languages, in switcher order,
//! and the default one. The app has this catalogue built in (its `build.rs` reads the manifest
//! with [`Catalogue::parse`]); each demo's view is a bundle made at build time
//! (`examples/build_assets.rs`).

use serde_json::Value;

/// One demo scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Demo {
    /// Short id used in `?demo=` (`a` … `f`).
    pub id: String,
    /// File name, e.g. `demo-f.json`.
    pub file: String,
    /// Chinese title.
    pub title_zh: String,
    /// English title.
    pub title_en: String,
    /// Chinese one-line description.
    pub description_zh: String,
    /// English one-line description.
    pub description_en: String,
    /// Chinese presenter note: what to look at (presenter mode shows it above the chat).
    pub note_zh: String,
    /// English presenter note.
    pub note_en: String,
}

impl Demo {
    /// The name of its view bundle next to the app: `demos/demo-f.bin`.
    pub fn bundle(&self) -> String {
        format!("demos/{}.bin", self.file.trim_end_matches(".json"))
    }
}

/// A demo as the app has it built in (its `build.rs` writes the table from the manifest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoEntry {
    /// Short id used in `?demo=`.
    pub id: &'static str,
    /// File name, e.g. `demo-f.json` (its download is `demo-f.*.json`).
    pub file: &'static str,
    /// Its view bundle next to the app, e.g. `demos/demo-f.bin`.
    pub bundle: &'static str,
    /// Chinese title.
    pub title_zh: &'static str,
    /// English title.
    pub title_en: &'static str,
    /// Chinese one-line description.
    pub description_zh: &'static str,
    /// English one-line description.
    pub description_en: &'static str,
}

impl DemoEntry {
    /// Its title in `lang`.
    pub fn title(&self, lang: crate::text::Lang) -> &'static str {
        match lang {
            crate::text::Lang::Zh => self.title_zh,
            crate::text::Lang::En => self.title_en,
        }
    }
}

impl AsRef<str> for DemoEntry {
    fn as_ref(&self) -> &str {
        self.id
    }
}

/// The demos in manifest order (spec §8: a, b, c, d, f, e) and the default one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalogue {
    /// Demos in display order.
    pub demos: Vec<Demo>,
    /// Id of the demo shown when the URL names none (spec §8: F).
    pub default_id: String,
}

impl Catalogue {
    /// Rust source of the catalogue as a `static DEMOS: &[DemoEntry]` and a `const
    /// DEFAULT_DEMO: &str` (what the app's `build.rs` writes).
    pub fn to_rust(&self) -> String {
        let mut out = String::from("/// The demos, in switcher order.\n");
        out.push_str("pub static DEMOS: &[pep_view::demos::DemoEntry] = &[\n");
        for demo in &self.demos {
            out.push_str(&format!(
                "    pep_view::demos::DemoEntry {{ id: {:?}, file: {:?}, bundle: {:?}, title_zh: {:?}, title_en: {:?}, description_zh: {:?}, description_en: {:?} }},\n",
                demo.id, demo.file, demo.bundle(), demo.title_zh, demo.title_en, demo.description_zh, demo.description_en
            ));
        }
        out.push_str("];\n/// The demo shown when the URL names none.\n");
        out.push_str(&format!(
            "pub const DEFAULT_DEMO: &str = {:?};\n",
            self.default_id
        ));
        out
    }

    /// Reads a manifest.
    pub fn parse(manifest: &str) -> Result<Catalogue, String> {
        let value: Value =
            serde_json::from_str(manifest).map_err(|e| format!("demos/manifest.json: {e}"))?;
        let entries = value["demos"]
            .as_array()
            .ok_or("demos/manifest.json: `demos` must be an array")?;
        let text = |entry: &Value, key: &str, index: usize| -> Result<String, String> {
            entry[key].as_str().map(str::to_owned).ok_or_else(|| {
                format!("demos/manifest.json: demos[{index}].{key} must be a string")
            })
        };
        let mut demos = Vec::with_capacity(entries.len());
        for (index, entry) in entries.iter().enumerate() {
            demos.push(Demo {
                id: text(entry, "id", index)?,
                file: text(entry, "file", index)?,
                title_zh: text(entry, "title", index)?,
                title_en: text(entry, "titleEn", index)?,
                description_zh: text(entry, "description", index)?,
                description_en: text(entry, "descriptionEn", index)?,
                note_zh: text(entry, "note", index)?,
                note_en: text(entry, "noteEn", index)?,
            });
        }
        let default_id = value["default"]
            .as_str()
            .ok_or("demos/manifest.json: `default` must be a string")?
            .to_owned();
        if !demos.iter().any(|demo| demo.id == default_id) {
            return Err(format!(
                "demos/manifest.json: default demo `{default_id}` is not listed"
            ));
        }
        Ok(Catalogue { demos, default_id })
    }
}

/// The demo to show for a `?demo=` value among `demos`: that one if it exists (any case),
/// else the default.
pub fn pick<'d, D: AsRef<str>>(demos: &'d [D], default: &str, requested: Option<&str>) -> &'d str {
    let find = |id: &str| demos.iter().map(AsRef::as_ref).find(|d| *d == id);
    requested
        .and_then(|id| find(&id.to_ascii_lowercase()))
        .or_else(|| find(default))
        .or_else(|| demos.first().map(AsRef::as_ref))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest() -> String {
        // The folder read when the test runs, not the one it was built in (another clone may
        // share the target directory).
        let dir = std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(
            || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")),
            std::path::PathBuf::from,
        );
        let path = dir.join("../../demos/manifest.json");
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    #[test]
    fn manifest_lists_six_demos_in_spec_order_with_f_by_default() {
        let catalogue = Catalogue::parse(&manifest());
        let Ok(catalogue) = catalogue else {
            panic!("{catalogue:?}")
        };
        let ids: Vec<&str> = catalogue.demos.iter().map(|d| d.id.as_str()).collect();
        assert_eq!(ids, ["a", "b", "c", "d", "f", "e"]);
        assert_eq!(catalogue.default_id, "f");
        assert_eq!(pick(&ids, "f", None), "f");
        assert_eq!(pick(&ids, "f", Some("B")), "b");
        assert_eq!(pick(&ids, "f", Some("zzz")), "f");
        for demo in &catalogue.demos {
            assert_eq!(demo.file, format!("demo-{}.json", demo.id));
            assert_eq!(demo.bundle(), format!("demos/demo-{}.bin", demo.id));
        }
    }

    #[test]
    fn manifest_problems_are_reported_not_panicked() {
        assert!(Catalogue::parse("{").is_err());
        assert!(Catalogue::parse(r#"{"demos":{}}"#).is_err());
        let missing = r#"{"default":"z","demos":[{"id":"a","file":"a.json","title":"t","titleEn":"t","description":"d","descriptionEn":"d","note":"n","noteEn":"n"}]}"#;
        assert!(Catalogue::parse(missing).is_err_and(|e| e.contains("not listed")));
        let no_note = r#"{"default":"a","demos":[{"id":"a","file":"a.json","title":"t","titleEn":"t","description":"d","descriptionEn":"d","note":"n"}]}"#;
        assert!(Catalogue::parse(no_note).is_err_and(|e| e.contains("noteEn")));
    }

    /// Presenter mode shows each demo's note (what to look at) in both languages: 2–3
    /// sentences, each language its own text.
    #[test]
    fn every_demo_has_a_presenter_note_in_both_languages() {
        let Ok(catalogue) = Catalogue::parse(&manifest()) else {
            panic!("the manifest does not parse")
        };
        for demo in &catalogue.demos {
            for (lang, note) in [("zh", &demo.note_zh), ("en", &demo.note_en)] {
                let sentences = note.chars().filter(|c| matches!(c, '.' | '。')).count();
                assert!(
                    (2..=3).contains(&sentences),
                    "demo {} {lang}: {sentences} sentences in {note:?}",
                    demo.id
                );
            }
            assert!(
                !demo.note_en.contains('。'),
                "demo {}: the en note is English",
                demo.id
            );
            assert!(
                demo.note_zh
                    .chars()
                    .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "demo {}: the zh note is Chinese",
                demo.id
            );
            assert_ne!(demo.note_zh, demo.note_en, "demo {}", demo.id);
        }
    }
}
