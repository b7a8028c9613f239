//! Parses the SKILL.md files under `skills/` at build time into a Rust table (spec §4.4), so
//! the registry needs no file access at run time (the viewer runs in a browser).

#[path = "src/skills/frontmatter.rs"]
#[allow(dead_code)]
mod frontmatter;

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() -> Result<(), String> {
    println!("cargo::rerun-if-changed=skills");
    let mut folders: Vec<_> = fs::read_dir("skills")
        .map_err(|e| format!("cannot read skills/: {e}"))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.join("SKILL.md").is_file())
        .collect();
    folders.sort();
    let mut out = String::from("/// Skills parsed from SKILL.md files at build time.\n");
    let _ = writeln!(
        out,
        "pub(super) const SKILL_MD: [Skill; {}] = [",
        folders.len()
    );
    for folder in &folders {
        let file = folder.join("SKILL.md");
        let shown = file.display().to_string();
        println!("cargo::rerun-if-changed={shown}");
        let text = fs::read_to_string(&file).map_err(|e| format!("{shown}: {e}"))?;
        let skill = frontmatter::parse_skill_md(&text).map_err(|e| format!("{shown}: {e}"))?;
        let folder_name = folder
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if skill.name != folder_name {
            return Err(format!(
                "{shown}: name `{}` must match its folder `{folder_name}`",
                skill.name
            ));
        }
        let _ = writeln!(
            out,
            "    Skill {{ name: {:?}, description: {:?}, body: {:?}, source: SkillSource::SkillMd {{ path: {:?} }} }},",
            skill.name,
            skill.description,
            skill.body,
            shown.replace('\\', "/"),
        );
    }
    out.push_str("];\n");
    let out_dir = env::var("OUT_DIR").map_err(|e| format!("OUT_DIR: {e}"))?;
    fs::write(Path::new(&out_dir).join("skill_md.rs"), out).map_err(|e| e.to_string())
}
