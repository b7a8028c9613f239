//! The keyboard shortcuts the `?` dialog lists (DECISIONS §15), in the order it shows them,
//! with the dialog's texts in both languages. They live here, not in [`crate::text::Text`],
//! because only the lazy module (fetched on first use) shows them: the page's catalogue stays
//! as small as its first render needs. The page itself only decides when `?` opens the list
//! ([`opens_list`]).

use crate::text::Lang;

/// A text of the shortcuts dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Says {
    /// The dialog's title.
    Title,
    /// Its close button.
    Close,
    /// `?`.
    Help,
    /// Escape.
    Escape,
    /// ← →.
    Step,
    /// Home, End.
    StepEnds,
    /// The panel's tabs.
    Tabs,
    /// The search box's keys.
    Search,
    /// Tab.
    Focus,
    /// Enter, Space on a fold.
    Toggle,
    /// A paste outside a text field.
    Paste,
}

impl Says {
    /// Every text.
    pub const ALL: &[Says] = &[
        Says::Title,
        Says::Close,
        Says::Help,
        Says::Escape,
        Says::Step,
        Says::StepEnds,
        Says::Tabs,
        Says::Search,
        Says::Focus,
        Says::Toggle,
        Says::Paste,
    ];

    /// This text in `lang`.
    pub fn t(self, lang: Lang) -> &'static str {
        let (zh, en) = match self {
            Says::Title => ("键盘快捷键", "Keyboard shortcuts"),
            Says::Close => ("关闭", "Close"),
            Says::Help => (
                "显示这个列表（不在输入框中时）",
                "Show this list (outside a text field)",
            ),
            Says::Escape => (
                "关闭对话框；退出演示模式；停止播放",
                "Close a dialog; leave presenter mode; stop playing",
            ),
            Says::Step => (
                "上一步 / 下一步（逐步查看时，焦点不在输入框、标签或 JSON 上）",
                "Previous / next step (stepping through; focus not in a text field, the tabs or the JSON)",
            ),
            Says::StepEnds => ("第一步 / 最后一步", "First / last step"),
            Says::Tabs => (
                "切换协议面板的标签（焦点在标签上时）",
                "Move between the protocol panel's tabs (focus on a tab)",
            ),
            Says::Search => (
                "下一个 / 上一个匹配（在搜索框中）；Esc 清空",
                "Next / previous match (in the search box); Esc clears it",
            ),
            Says::Focus => (
                "在按钮、折叠项和代码框之间移动焦点",
                "Move focus between buttons, folds and code boxes",
            ),
            Says::Toggle => (
                "展开或折叠焦点所在的 Segment",
                "Unfold or fold the focused segment",
            ),
            Says::Paste => (
                "粘贴一个信封（不在输入框中时）：在“我的信封”中打开",
                "Paste an envelope (outside a text field): it opens in Your envelope",
            ),
        };
        match lang {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

/// One line of the list: the keys (each shown as a `<kbd>`; several mean "any of these") and
/// what they do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shortcut {
    /// The keys, as printed on a keyboard.
    pub keys: &'static [&'static str],
    /// What they do.
    pub what: Says,
}

/// Every shortcut of the app.
pub const SHORTCUTS: &[Shortcut] = &[
    Shortcut {
        keys: &["?"],
        what: Says::Help,
    },
    Shortcut {
        keys: &["Esc"],
        what: Says::Escape,
    },
    Shortcut {
        keys: &["←", "→"],
        what: Says::Step,
    },
    Shortcut {
        keys: &["Home", "End"],
        what: Says::StepEnds,
    },
    Shortcut {
        keys: &["←", "→", "Home", "End"],
        what: Says::Tabs,
    },
    Shortcut {
        keys: &["Enter", "Shift+Enter"],
        what: Says::Search,
    },
    Shortcut {
        keys: &["Tab", "Shift+Tab"],
        what: Says::Focus,
    },
    Shortcut {
        keys: &["Enter", "Space"],
        what: Says::Toggle,
    },
    Shortcut {
        keys: &["Ctrl+V", "⌘V"],
        what: Says::Paste,
    },
];

/// Whether a key event opens the list: `?` with no Ctrl, Alt or Meta (Shift is how most
/// layouts type it; a layout that types it with AltGr, which Windows reports as Ctrl and Alt
/// held, opens it too).
pub fn opens_list(key: &str, ctrl: bool, alt: bool, meta: bool, alt_graph: bool) -> bool {
    key == "?" && !meta && (alt_graph || (!ctrl && !alt))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_has_both_languages() {
        for says in Says::ALL {
            for lang in [Lang::En, Lang::Zh] {
                assert!(!says.t(lang).is_empty(), "{says:?}");
            }
            assert_ne!(says.t(Lang::En), says.t(Lang::Zh), "{says:?}");
        }
    }

    #[test]
    fn every_shortcut_has_keys_and_a_text_the_table_lists() {
        for shortcut in SHORTCUTS {
            assert!(!shortcut.keys.is_empty(), "{shortcut:?}");
            assert!(Says::ALL.contains(&shortcut.what), "{shortcut:?}");
        }
    }

    #[test]
    fn question_mark_opens_the_list_unless_a_modifier_other_than_shift_is_held() {
        assert!(opens_list("?", false, false, false, false));
        assert!(!opens_list("?", true, false, false, false));
        assert!(!opens_list("?", false, true, false, false));
        assert!(!opens_list("?", false, false, true, false));
        assert!(!opens_list("/", false, false, false, false));
        // AltGr on Windows: Ctrl and Alt held, the AltGraph state on.
        assert!(opens_list("?", true, true, false, true));
        assert!(!opens_list("?", true, true, false, false));
    }
}
