//! The six demos of spec §8, embedded in the app so that nothing needs the network.

use serde_json::Value;

/// The demo files, embedded at build time. The manifest names them.
const FILES: [(&str, &str); 6] = [
    ("demo-a.json", include_str!("../demos/demo-a.json")),
    ("demo-b.json", include_str!("../demos/demo-b.json")),
    ("demo-c.json", include_str!("../demos/demo-c.json")),
    ("demo-d.json", include_str!("../demos/demo-d.json")),
    ("demo-e.json", include_str!("../demos/demo-e.json")),
    ("demo-f.json", include_str!("../demos/demo-f.json")),
];

const MANIFEST: &str = include_str!("../demos/manifest.json");

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
    /// The envelope JSON text.
    pub source: &'static str,
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
    /// Reads the embedded manifest.
    pub fn embedded() -> Result<Catalogue, String> {
        Catalogue::parse(MANIFEST)
    }

    /// Reads a manifest, pairing each entry with its embedded file.
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
            let file = text(entry, "file", index)?;
            let source = FILES
                .iter()
                .find(|(name, _)| *name == file)
                .map(|(_, source)| *source)
                .ok_or_else(|| {
                    format!("demos/manifest.json: demos[{index}]: {file} is not embedded")
                })?;
            demos.push(Demo {
                id: text(entry, "id", index)?,
                title_zh: text(entry, "title", index)?,
                title_en: text(entry, "titleEn", index)?,
                description_zh: text(entry, "description", index)?,
                description_en: text(entry, "descriptionEn", index)?,
                file,
                source,
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

    /// The demo with this id.
    pub fn get(&self, id: &str) -> Option<&Demo> {
        self.demos.iter().find(|demo| demo.id == id)
    }

    /// The demo to show for a `?demo=` value: that one if it exists, else the default.
    pub fn pick(&self, requested: Option<&str>) -> &Demo {
        requested
            .and_then(|id| self.get(&id.to_ascii_lowercase()))
            .or_else(|| self.get(&self.default_id))
            .unwrap_or(&self.demos[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_lists_six_demos_in_spec_order_with_f_by_default() {
        let catalogue = Catalogue::embedded();
        let Ok(catalogue) = catalogue else {
            panic!("{catalogue:?}")
        };
        let ids: Vec<&str> = catalogue.demos.iter().map(|d| d.id.as_str()).collect();
        assert_eq!(ids, ["a", "b", "c", "d", "f", "e"]);
        assert_eq!(catalogue.default_id, "f");
        assert_eq!(catalogue.pick(None).id, "f");
        assert_eq!(catalogue.pick(Some("B")).id, "b");
        assert_eq!(catalogue.pick(Some("zzz")).id, "f");
        for demo in &catalogue.demos {
            assert_eq!(demo.file, format!("demo-{}.json", demo.id));
            assert!(pep_core::validate(demo.source).is_empty(), "{}", demo.file);
        }
    }

    #[test]
    fn manifest_problems_are_reported_not_panicked() {
        assert!(Catalogue::parse("{").is_err());
        assert!(Catalogue::parse(r#"{"demos":{}}"#).is_err());
        let missing = r#"{"default":"a","demos":[{"id":"a","file":"nope.json"}]}"#;
        assert!(Catalogue::parse(missing).is_err_and(|e| e.contains("not embedded")));
    }
}
