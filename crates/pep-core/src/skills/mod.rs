//! The skills registry (spec §4): eight hand-written skills and four parsed at build time
//! from SKILL.md files. The protocol carries only L1 (name + description); the registry
//! supplies a skill's L2 body by name for display. Bodies never enter the protocol or export.

pub mod frontmatter;
mod handwritten;

mod skill_md {
    use super::{Skill, SkillSource};
    include!(concat!(env!("OUT_DIR"), "/skill_md.rs"));
}

/// One registry skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skill {
    /// Name, as used in a skills segment item (L1).
    pub name: &'static str,
    /// One-line description (L1).
    pub description: &'static str,
    /// Full instructions in markdown (L2), loaded only when the skill is triggered.
    pub body: &'static str,
    /// Where the skill comes from.
    pub source: SkillSource,
}

/// Where a registry skill comes from (spec §4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkillSource {
    /// Written as Rust data in this crate.
    Handwritten,
    /// Parsed at build time from a SKILL.md file.
    SkillMd {
        /// The file, relative to the `pep-core` crate.
        path: &'static str,
    },
}

/// Every registry skill: the hand-written ones, then the SKILL.md ones.
pub fn all() -> impl Iterator<Item = &'static Skill> {
    handwritten::HANDWRITTEN
        .iter()
        .chain(skill_md::SKILL_MD.iter())
}

/// The registry skill named `name`, for its L2 body.
pub fn find(name: &str) -> Option<&'static Skill> {
    all().find(|skill| skill.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_has_eight_handwritten_and_four_parsed_skills() {
        let handwritten = all()
            .filter(|s| s.source == SkillSource::Handwritten)
            .count();
        let parsed: Vec<_> = all()
            .filter(|s| matches!(s.source, SkillSource::SkillMd { .. }))
            .map(|s| s.name)
            .collect();
        assert_eq!(handwritten, 8);
        assert_eq!(
            parsed,
            ["doc-coauthoring", "mcp-builder", "pdf", "webapp-testing"]
        );
    }

    #[test]
    fn names_are_unique_and_bodies_present() {
        let mut names: Vec<_> = all().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 12);
        for skill in all() {
            assert!(!skill.description.is_empty(), "{}", skill.name);
            assert!(
                skill.body.trim_start().starts_with('#'),
                "{} body",
                skill.name
            );
            assert!(
                !skill.body.starts_with("---"),
                "{} kept its frontmatter",
                skill.name
            );
        }
    }

    #[test]
    fn lookup_by_name_gives_the_l2_body() {
        let pdf = find("pdf").map(|s| (s.description, s.body.contains("pypdf")));
        assert!(matches!(pdf, Some((description, true)) if !description.is_empty()));
        let review = find("code-review").map(|s| s.source);
        assert_eq!(review, Some(SkillSource::Handwritten));
        assert_eq!(find("no-such-skill"), None);
        assert_eq!(
            find("PDF"),
            None,
            "lookup is case-sensitive like every protocol name"
        );
    }
}
