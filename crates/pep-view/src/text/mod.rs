//! UI strings in Chinese and English. Every visible string of the app comes from [`Text`], so
//! a missing translation does not compile; problem messages are in [`problems`], the budget's
//! numbers in [`budget`].

pub mod budget;
pub mod problems;

/// A UI language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// 简体中文
    Zh,
    /// English
    En,
}

impl Lang {
    /// The language for a BCP 47 tag such as the browser's `navigator.language`: Chinese for
    /// `zh*`, English otherwise.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// The code used in the URL (`?lang=`) and the `lang` attribute.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }

    /// The other language, for the switch.
    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    /// `count` of `noun`, e.g. "1 error", "2 errors", "3 个错误".
    pub fn count(self, count: usize, noun: Noun) -> String {
        match self {
            Lang::Zh => {
                let word = match noun {
                    Noun::Error => "个错误",
                    Noun::Warning => "个警告",
                    Noun::Segment => "个 Segment",
                    Noun::Line => "行",
                    Noun::Character => "字符",
                    Noun::Item => "项",
                };
                format!("{count} {word}")
            }
            Lang::En => {
                let (one, many) = match noun {
                    Noun::Error => ("error", "errors"),
                    Noun::Warning => ("warning", "warnings"),
                    Noun::Segment => ("segment", "segments"),
                    Noun::Line => ("line", "lines"),
                    Noun::Character => ("character", "characters"),
                    Noun::Item => ("item", "items"),
                };
                format!("{count} {}", if count == 1 { one } else { many })
            }
        }
    }

    /// "N more" after a list cut short, e.g. "另有 3 条未列出", "3 more not listed".
    pub fn more(self, count: usize) -> String {
        match self {
            Lang::Zh => format!("另有 {count} 条未列出"),
            Lang::En => format!("{count} more not listed"),
        }
    }

    /// The button that shows `next` more of a message's `left` unrendered segments.
    pub fn more_segments(self, next: usize, left: usize) -> String {
        match self {
            Lang::Zh => format!("再显示 {next} 个 Segment（还有 {left} 个）"),
            Lang::En => format!("Show {next} more segments ({left} left)"),
        }
    }

    /// What an opened, dropped or pasted text was recognised as: "OpenAI request, 14
    /// messages, 2 warnings".
    pub fn recognised(self, source: &str, messages: usize, warnings: usize) -> String {
        let name = match source {
            "openai" => "OpenAI",
            "anthropic" => "Anthropic",
            _ => "MCP",
        };
        match self {
            Lang::Zh => format!("已识别为 {name} 请求：{messages} 条消息，{warnings} 条导入警告"),
            Lang::En => {
                let s = |n: usize| if n == 1 { "" } else { "s" };
                format!(
                    "{name} request, {messages} message{}, {warnings} warning{}",
                    s(messages),
                    s(warnings)
                )
            }
        }
    }

    /// Why a text of `size` is not in the editor.
    pub fn large_text(self, size: &str) -> String {
        match self {
            Lang::Zh => format!(
                "这个信封有 {size}，已在下方渲染。在页面里编辑这么大的文本会让浏览器卡死，\
                 请在编辑器中修改后重新打开。"
            ),
            Lang::En => format!(
                "This envelope is {size} and is rendered below. Editing a text this large in \
                 the page would freeze the browser: edit it in your editor and open it again."
            ),
        }
    }

    /// This language's translation of `text`.
    pub fn t(self, text: Text) -> &'static str {
        let (zh, en) = text.pair();
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

/// Something counted in the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Noun {
    /// Validation or export errors.
    Error,
    /// Validation or export warnings.
    Warning,
    /// Segments of an envelope.
    Segment,
    /// Lines of a long text.
    Line,
    /// Characters of a long text.
    Character,
    /// Items of a memory, skills or tools list.
    Item,
}

/// A UI string. Each variant is documented by its two translations in `Text::pair`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Text {
    AppSubtitle,
    Demos,
    ExpandAll,
    CollapseAll,
    SwitchLanguage,
    LanguageName,
    DarkTheme,
    SwitchTheme,
    JsonCode,
    RoleSystem,
    RoleUser,
    RoleAssistant,
    RoleTool,
    KindText,
    KindStaticVar,
    KindDocument,
    KindMedia,
    KindSystemPrompt,
    KindMemory,
    KindSkills,
    KindToolOverview,
    KindToolCallRequest,
    KindToolCallResult,
    KindLongText,
    Template,
    Expanded,
    UndefinedVariable,
    ShowInstructions,
    NotInRegistry,
    Schema,
    NoSchema,
    NoArguments,
    Success,
    Failure,
    ViewParsed,
    HideParsed,
    Image,
    Audio,
    Video,
    UrlBlocked,
    LoadFailed,
    OpenAiFormat,
    AnthropicFormat,
    McpFormat,
    RawProtocol,
    CopyCurl,
    Share,
    NotStored,
    Preparing,
    ImportWarnings,
    Replaced,
    Undo,
    HostRefused,
    LinkCopied,
    LinkTooLong,
    OpeningLink,
    BrokenLink,
    LinkNotBase64,
    LinkNotDeflate,
    LinkNotUtf8,
    EditCopy,
    ViewSwitch,
    ModelView,
    UserView,
    CodeSnippets,
    CodeSnippetsHint,
    Copy,
    Copied,
    CopyFailed,
    Download,
    ExportWarnings,
    RequestChecks,
    ContextBudget,
    BudgetKind,
    BudgetSegments,
    BudgetChars,
    BudgetTokens,
    BudgetShare,
    BudgetRequest,
    BudgetOfWindow,
    BudgetNoWindow,
    BudgetEstimate,
    BudgetFree,
    RequestChecksOk,
    NoWarnings,
    ValidationIssues,
    Error,
    Warning,
    InvalidSegment,
    InvalidMessage,
    RawJson,
    CannotRead,
    Chat,
    ProtocolPanel,
    YourEnvelope,
    EditorLabel,
    EditorHint,
    OpenFile,
    ResetExample,
    FileReadFailed,
    FileTooLarge,
    InputTooLarge,
    SafeMode,
    CrashTitle,
    CrashBody,
    Reload,
    RenderAnyway,
    Search,
    SearchPlaceholder,
    SearchPrevious,
    SearchNext,
    NoMatches,
    MarkdownTooLarge,
    MarkdownTooComplex,
    LargeJson,
}

impl Text {
    fn pair(self) -> (&'static str, &'static str) {
        match self {
            Text::AppSubtitle => (
                "看见模型真正看到的上下文",
                "See what the model actually sees",
            ),
            Text::Demos => ("示例场景", "Demos"),
            Text::ExpandAll => ("全部展开", "Expand all"),
            Text::CollapseAll => ("全部折叠", "Collapse all"),
            Text::SwitchLanguage => ("切换界面语言", "Switch interface language"),
            Text::LanguageName => ("中文", "English"),
            Text::DarkTheme => ("深色", "Dark"),
            Text::SwitchTheme => ("深色主题", "Dark theme"),
            Text::JsonCode => ("JSON 文本", "JSON text"),
            Text::RoleSystem => ("系统", "System"),
            Text::RoleUser => ("用户", "User"),
            Text::RoleAssistant => ("助手", "Assistant"),
            Text::RoleTool => ("工具", "Tool"),
            Text::KindText => ("文本", "Text"),
            Text::KindStaticVar => ("变量", "Variables"),
            Text::KindDocument => ("文档", "Documents"),
            Text::KindMedia => ("媒体", "Media"),
            Text::KindSystemPrompt => ("System Prompt", "System Prompt"),
            Text::KindMemory => ("记忆", "Memory"),
            Text::KindSkills => ("技能", "Skills"),
            Text::KindToolOverview => ("工具声明", "Tools"),
            Text::KindToolCallRequest => ("工具调用", "Tool call"),
            Text::KindToolCallResult => ("调用结果", "Tool result"),
            Text::KindLongText => ("长文本", "Long text"),
            Text::Template => ("模板", "Template"),
            Text::Expanded => ("展开变量", "Expanded"),
            Text::UndefinedVariable => ("未定义的变量", "undefined variable"),
            Text::ShowInstructions => ("查看完整指令（L2）", "Show full instructions (L2)"),
            Text::NotInRegistry => ("不在技能注册表中", "not in the skills registry"),
            Text::Schema => ("JSON Schema", "JSON Schema"),
            Text::NoSchema => ("未提供 Schema", "No schema given"),
            Text::NoArguments => ("无参数", "No arguments"),
            Text::Success => ("成功", "Success"),
            Text::Failure => ("失败", "Failed"),
            Text::ViewParsed => ("查看解析", "View parsed"),
            Text::HideParsed => ("收起解析", "Hide parsed"),
            Text::Image => ("图片", "Image"),
            Text::Audio => ("音频", "Audio"),
            Text::Video => ("视频", "Video"),
            Text::UrlBlocked => ("链接已拦截（不安全的协议）", "URL blocked (unsafe scheme)"),
            Text::LoadFailed => ("无法加载", "Could not load"),
            Text::OpenAiFormat => ("OpenAI 格式", "OpenAI Format"),
            Text::AnthropicFormat => ("Anthropic 格式", "Anthropic Format"),
            Text::McpFormat => ("MCP 提示", "MCP Prompt"),
            Text::RawProtocol => ("原始协议", "Raw Protocol"),
            Text::CopyCurl => ("复制为 cURL", "Copy as cURL"),
            Text::Share => ("分享链接", "Share"),
            Text::NotStored => (
                "浏览器没有保存你的信封（存储已满或被禁用），关闭页面后会丢失。请下载保存：",
                "This browser did not keep your envelope (its storage is full or off): it will be lost when the page closes. Download it to keep it:",
            ),
            Text::Preparing => ("正在生成…", "Preparing…"),
            Text::ImportWarnings => ("导入警告", "Import warnings"),
            Text::Replaced => ("已替换之前的文本。", "Your previous text was replaced."),
            Text::Undo => ("撤销", "Undo"),
            Text::HostRefused => (
                "宿主页面发来的消息无法执行，当前信封保持不变：",
                "The host page's message could not be carried out; the envelope shown stays:",
            ),
            Text::LinkCopied => (
                "链接已复制：信封就在链接里，不会上传到任何地方",
                "Link copied: the envelope is in the link itself and is sent nowhere",
            ),
            Text::LinkTooLong => (
                "这个信封做成的链接会超过 2 MB，链接装不下；请下载文件分享",
                "This envelope would make a link of over 2 MB, more than links carry; download it and share the file instead",
            ),
            Text::OpeningLink => ("正在打开分享的信封…", "Opening the shared envelope…"),
            Text::BrokenLink => ("无法打开这个分享链接", "This share link cannot be opened"),
            Text::LinkNotBase64 => (
                "链接中 #envelope= 之后的部分不是 base64url 文本（可能复制不完整）",
                "The part after #envelope= is not base64url text (was the link copied whole?)",
            ),
            Text::LinkNotDeflate => (
                "链接的内容无法解压（不是 DEFLATE 数据，或被截断）",
                "The link's content does not inflate (not DEFLATE data, or cut short)",
            ),
            Text::LinkNotUtf8 => (
                "链接解压后不是 UTF-8 文本",
                "The link's content is not UTF-8 text",
            ),
            Text::EditCopy => ("复制到我的信封编辑", "Edit a copy"),
            Text::ViewSwitch => ("视图", "View"),
            Text::ModelView => ("模型视图", "Model view"),
            Text::UserView => ("用户视图", "User view"),
            Text::CodeSnippets => ("代码示例", "Code"),
            Text::CodeSnippetsHint => (
                "先下载请求文件，再用官方 SDK 发送：",
                "Download the request, then send it with the official SDK:",
            ),
            Text::Copy => ("复制", "Copy"),
            Text::Copied => ("已复制", "Copied"),
            Text::CopyFailed => ("复制失败", "Copy failed"),
            Text::Download => ("下载", "Download"),
            Text::ExportWarnings => ("导出警告", "Export warnings"),
            Text::RequestChecks => ("请求检查", "Request checks"),
            Text::ContextBudget => ("上下文预算", "Context budget"),
            Text::BudgetKind => ("类型", "Kind"),
            Text::BudgetSegments => ("Segment 数", "Segments"),
            Text::BudgetChars => ("字符", "Characters"),
            Text::BudgetTokens => ("≈ Token", "≈ Tokens"),
            Text::BudgetShare => ("占比", "Share"),
            Text::BudgetRequest => ("整个请求", "Whole request"),
            Text::BudgetOfWindow => ("上下文窗口", "context window"),
            Text::BudgetNoWindow => (
                "未知模型的上下文窗口，仅显示合计",
                "The model's context window is not known: totals only",
            ),
            Text::BudgetEstimate => (
                "≈ 为浏览器内的估算（o200k_base，误差约 10% 以内）；`pep stats` 给出精确值",
                "≈ is an estimate made in the browser (o200k_base, within about 10%); `pep stats` counts exactly",
            ),
            Text::BudgetFree => ("剩余", "free"),
            Text::RequestChecksOk => (
                "请求检查通过（参数符合工具 Schema，消息顺序符合 API 规则）",
                "Request checks passed (arguments match the tools' schemas, turns follow the API's rules)",
            ),
            Text::NoWarnings => ("没有导出警告", "No export warnings"),
            Text::ValidationIssues => ("校验问题", "Validation issues"),
            Text::Error => ("错误", "error"),
            Text::Warning => ("警告", "warning"),
            Text::InvalidSegment => ("无效的 Segment", "Invalid segment"),
            Text::InvalidMessage => ("无效的消息", "Invalid message"),
            Text::RawJson => ("原始 JSON", "Raw JSON"),
            Text::CannotRead => ("无法读取这个信封", "This envelope cannot be read"),
            Text::Chat => ("对话", "Chat"),
            Text::ProtocolPanel => ("协议面板", "Protocol panel"),
            Text::YourEnvelope => ("✎ 我的信封", "✎ Your envelope"),
            Text::EditorLabel => ("Prompt Envelope JSON", "Prompt Envelope JSON"),
            Text::EditorHint => (
                "粘贴、编辑或打开一个信封文件，下方视图与导出会实时更新。内容只保存在本浏览器中。",
                "Paste, edit or open an envelope file; the view and the export below update as you \
                 type. It stays in this browser only.",
            ),
            Text::OpenFile => ("打开文件…", "Open file…"),
            Text::ResetExample => ("恢复示例", "Reset to example"),
            Text::FileReadFailed => ("无法读取该文件", "Could not read that file"),
            Text::FileTooLarge => (
                "文件超过 50 MiB，未打开；当前内容保持不变。",
                "That file is over 50 MiB and was not opened; nothing was replaced.",
            ),
            Text::InputTooLarge => (
                "粘贴的文本超过 50 MiB，未采用；编辑器内容保持不变。",
                "That text is over 50 MiB and was not taken; the editor keeps what it had.",
            ),
            Text::SafeMode => (
                "安全模式：上次显示这个信封时页面出错或未能完成，所以这次没有自动显示。你的文本仍在上方的编辑器中，可以修改后再显示。",
                "Safe mode: last time this envelope stopped the page or did not finish rendering, \
                 so it is not shown automatically. Your text is in the editor above; edit it, or \
                 render it anyway.",
            ),
            Text::RenderAnyway => ("仍然显示", "Render anyway"),
            Text::CrashTitle => ("页面出错了", "The page stopped working"),
            Text::CrashBody => (
                "查看器遇到一个内部错误，无法继续运行。你的信封文本已保存在本浏览器中：重新加载后它仍在编辑器里，但不会自动再次显示。",
                "The viewer hit an internal error and cannot go on. Your envelope text is saved in \
                 this browser: after Reload it is back in the editor, and it is not shown again \
                 until you ask.",
            ),
            Text::Reload => ("重新加载", "Reload"),
            Text::Search => ("搜索信封", "Search the envelope"),
            Text::SearchPlaceholder => ("搜索全部消息…", "Search all messages…"),
            Text::SearchPrevious => ("上一个匹配", "Previous match"),
            Text::SearchNext => ("下一个匹配", "Next match"),
            Text::NoMatches => ("无匹配", "No matches"),
            Text::MarkdownTooLarge => (
                "内容超过 256 KiB，按纯文本显示。",
                "Over 256 KiB: shown as plain text.",
            ),
            Text::MarkdownTooComplex => (
                "这段 Markdown 渲染后的 HTML 会远大于原文，按纯文本显示。",
                "Rendered, this markdown would be many times its size: shown as plain text.",
            ),
            Text::LargeJson => (
                "内容较大：只渲染可见的行，超长的行被截断；复制和下载给出完整文本。",
                "Large text: only the visible lines are rendered and very long lines are cut; Copy \
                 and Download give the full text.",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_tags_pick_the_language() {
        for tag in ["zh", "zh-CN", "zh-Hant-TW", "ZH-hk"] {
            assert_eq!(Lang::from_tag(tag), Lang::Zh, "{tag}");
        }
        for tag in ["en-US", "fr", "", "de-DE"] {
            assert_eq!(Lang::from_tag(tag), Lang::En, "{tag}");
        }
        assert_eq!(Lang::Zh.other(), Lang::En);
    }

    #[test]
    fn both_languages_have_every_string() {
        assert_eq!(Lang::Zh.t(Text::Copy), "复制");
        assert_eq!(Lang::En.t(Text::Copy), "Copy");
        assert_eq!(Lang::Zh.t(Text::ViewParsed), "查看解析");
    }

    #[test]
    fn counts_are_pluralised() {
        assert_eq!(Lang::En.count(1, Noun::Error), "1 error");
        assert_eq!(Lang::En.count(3, Noun::Warning), "3 warnings");
        assert_eq!(Lang::En.count(0, Noun::Segment), "0 segments");
        assert_eq!(Lang::Zh.count(2, Noun::Error), "2 个错误");
        assert_eq!(Lang::Zh.count(30, Noun::Line), "30 行");
    }
}
