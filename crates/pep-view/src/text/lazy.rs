//! The texts of the views only the lazy module shows (Your envelope's editor, a share link's
//! envelope, Share's flow, the Embed dialog, an export's SDK code) in both languages. They live here, not in [`super::Text`], so that
//! the page's first module does not carry them (as [`super::compare`]'s labels).

use super::Lang;

/// A text of a lazy view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum LazyText {
    RedactAndShare,
    ShareAsIs,
    Cancel,
    NotStored,
    LinkCopied,
    LinkTooLong,
    OpeningLink,
    LinkNotBase64,
    LinkNotDeflate,
    LinkNotUtf8,
    EditorLabel,
    EditorHint,
    ResetExample,
    SafeMode,
    RenderAnyway,
    CodeSnippetsHint,
    EmbedTitle,
    EmbedSource,
    EmbedThisDemo,
    EmbedAsLink,
    EmbedStep,
    EmbedPanel,
    EmbedPanelNone,
    EmbedView,
    EmbedTheme,
    EmbedThemeSystem,
    EmbedThemeLight,
    EmbedThemeDark,
    EmbedLanguage,
    EmbedHeight,
    EmbedPreview,
    EmbedCodeLabel,
    EmbedCopy,
    EmbedClose,
    EmbedMaking,
    EmbedTooLong,
    EmbedLinkFailed,
}

impl LazyText {
    /// Every text.
    pub const ALL: &[LazyText] = &[
        LazyText::RedactAndShare,
        LazyText::ShareAsIs,
        LazyText::Cancel,
        LazyText::NotStored,
        LazyText::LinkCopied,
        LazyText::LinkTooLong,
        LazyText::OpeningLink,
        LazyText::LinkNotBase64,
        LazyText::LinkNotDeflate,
        LazyText::LinkNotUtf8,
        LazyText::EditorLabel,
        LazyText::EditorHint,
        LazyText::ResetExample,
        LazyText::SafeMode,
        LazyText::RenderAnyway,
        LazyText::CodeSnippetsHint,
        LazyText::EmbedTitle,
        LazyText::EmbedSource,
        LazyText::EmbedThisDemo,
        LazyText::EmbedAsLink,
        LazyText::EmbedStep,
        LazyText::EmbedPanel,
        LazyText::EmbedPanelNone,
        LazyText::EmbedView,
        LazyText::EmbedTheme,
        LazyText::EmbedThemeSystem,
        LazyText::EmbedThemeLight,
        LazyText::EmbedThemeDark,
        LazyText::EmbedLanguage,
        LazyText::EmbedHeight,
        LazyText::EmbedPreview,
        LazyText::EmbedCodeLabel,
        LazyText::EmbedCopy,
        LazyText::EmbedClose,
        LazyText::EmbedMaking,
        LazyText::EmbedTooLong,
        LazyText::EmbedLinkFailed,
    ];

    /// This text in `lang`.
    pub fn t(self, lang: Lang) -> &'static str {
        let (zh, en) = self.pair();
        match lang {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }

    /// The Chinese and the English text.
    fn pair(self) -> (&'static str, &'static str) {
        match self {
            LazyText::RedactAndShare => ("隐去后分享", "Redact and share"),
            LazyText::ShareAsIs => ("原样分享", "Share as is"),
            LazyText::Cancel => ("取消", "Cancel"),
            LazyText::NotStored => (
                "浏览器没有保存你的信封（存储已满或被禁用），关闭页面后会丢失。请下载保存：",
                "This browser did not keep your envelope (its storage is full or off): it will be lost when the page closes. Download it to keep it:",
            ),
            LazyText::LinkCopied => (
                "链接已复制：信封就在链接里，不会上传到任何地方",
                "Link copied: the envelope is in the link itself and is sent nowhere",
            ),
            LazyText::LinkTooLong => (
                "这个信封做成的链接会超过 2 MB，链接装不下；请下载文件分享",
                "This envelope would make a link of over 2 MB, more than links carry; download it and share the file instead",
            ),
            LazyText::OpeningLink => ("正在打开分享的信封…", "Opening the shared envelope…"),
            LazyText::LinkNotBase64 => (
                "链接中 #envelope= 之后的部分不是 base64url 文本（可能复制不完整）",
                "The part after #envelope= is not base64url text (was the link copied whole?)",
            ),
            LazyText::LinkNotDeflate => (
                "链接的内容无法解压（不是 DEFLATE 数据，或被截断）",
                "The link's content does not inflate (not DEFLATE data, or cut short)",
            ),
            LazyText::LinkNotUtf8 => (
                "链接解压后不是 UTF-8 文本",
                "The link's content is not UTF-8 text",
            ),
            LazyText::EditorLabel => ("Prompt Envelope JSON", "Prompt Envelope JSON"),
            LazyText::EditorHint => (
                "粘贴、编辑或打开一个信封文件，下方视图与导出会实时更新。内容只保存在本浏览器中。",
                "Paste, edit or open an envelope file; the view and the export below update as you type. It stays in this browser only.",
            ),
            LazyText::ResetExample => ("恢复示例", "Reset to example"),
            LazyText::SafeMode => (
                "安全模式：上次显示这个信封时页面出错或未能完成，所以这次没有自动显示。你的文本仍在上方的编辑器中，可以修改后再显示。",
                "Safe mode: last time this envelope stopped the page or did not finish rendering, so it is not shown automatically. Your text is in the editor above; edit it, or render it anyway.",
            ),
            LazyText::RenderAnyway => ("仍然显示", "Render anyway"),
            LazyText::CodeSnippetsHint => (
                "先下载请求文件，再用官方 SDK 发送：",
                "Download the request, then send it with the official SDK:",
            ),
            LazyText::EmbedTitle => ("嵌入这个视图", "Embed this view"),
            LazyText::EmbedSource => ("内容", "What it shows"),
            LazyText::EmbedThisDemo => ("这个示例（?demo=）", "This demo (?demo=)"),
            LazyText::EmbedAsLink => (
                "这个信封，装在链接里（分享链接）",
                "This envelope, carried by the link (a share link)",
            ),
            LazyText::EmbedStep => ("步骤（留空为全部）", "Step (empty: every message)"),
            LazyText::EmbedPanel => ("请求面板", "Request panel"),
            LazyText::EmbedPanelNone => ("不显示", "None"),
            LazyText::EmbedView => ("视图", "View"),
            LazyText::EmbedTheme => ("主题", "Theme"),
            LazyText::EmbedThemeSystem => ("跟随读者的系统", "The reader's system setting"),
            LazyText::EmbedThemeLight => ("浅色", "Light"),
            LazyText::EmbedThemeDark => ("深色", "Dark"),
            LazyText::EmbedLanguage => ("语言", "Language"),
            LazyText::EmbedHeight => (
                "高度（像素，留空为预览测得的高度）",
                "Height (px; empty: as measured in the preview)",
            ),
            LazyText::EmbedPreview => ("预览", "Preview"),
            LazyText::EmbedCodeLabel => ("粘贴到网页中的代码", "The code to paste into a page"),
            LazyText::EmbedCopy => ("复制代码", "Copy code"),
            LazyText::EmbedClose => ("关闭", "Close"),
            LazyText::EmbedMaking => ("正在生成链接…", "Making the link…"),
            LazyText::EmbedLinkFailed => (
                "无法生成这个信封的链接：请把文件放在网页旁，用 postMessage 载入。",
                "The link of this envelope could not be made: host the file and load it with postMessage.",
            ),
            LazyText::EmbedTooLong => (
                "这个信封做成的链接超过 2 MB：请改用示例，或把文件放在网页旁并用 postMessage 载入。",
                "This envelope makes a link of over 2 MB: embed a demo instead, or host the file and load it with postMessage.",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_in_both_languages() {
        for text in LazyText::ALL {
            assert!(!text.t(Lang::Zh).is_empty() && !text.t(Lang::En).is_empty());
        }
        assert_eq!(LazyText::ResetExample.t(Lang::En), "Reset to example");
    }
}
