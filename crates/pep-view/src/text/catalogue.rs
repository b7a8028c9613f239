//! The UI strings, one per line: the name the code uses, then the Chinese and the English
//! text. The table makes the [`Text`] enum and its lookup, so a string without both
//! translations does not compile.

/// Writes the [`Text`] enum and its translations from the table below.
macro_rules! texts {
    ($($name:ident => ($zh:expr, $en:expr $(,)?),)*) => {
        /// A UI string. Each variant is documented by its two translations in the table.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[allow(missing_docs)]
        pub enum Text {
            $($name,)*
        }

        impl Text {
            /// Every string, in the table's order.
            pub const ALL: &[Text] = &[$(Text::$name,)*];

            /// The Chinese and the English text.
            pub(super) fn pair(self) -> (&'static str, &'static str) {
                match self {
                    $(Text::$name => ($zh, $en),)*
                }
            }
        }
    };
}

texts! {
    AppSubtitle => ("看见模型真正看到的上下文", "See what the model actually sees"),
    Demos => ("示例场景", "Demos"),
    ExpandAll => ("全部展开", "Expand all"),
    CollapseAll => ("全部折叠", "Collapse all"),
    SwitchLanguage => ("切换界面语言", "Switch interface language"),
    LanguageName => ("中文", "English"),
    DarkTheme => ("深色", "Dark"),
    SwitchTheme => ("深色主题", "Dark theme"),
    PresenterMode => ("演示模式", "Presenter mode"),
    PresenterModeHint => (
        "演示模式：大字号，对话与请求并排，适合投影（再按一次退出）",
        "Presenter mode: large type, the chat and the request side by side, for a projector (press again to leave)",
    ),
    DemoNote => ("看点", "What to look at"),
    JsonCode => ("JSON 文本", "JSON text"),
    RoleSystem => ("系统", "System"),
    RoleUser => ("用户", "User"),
    RoleAssistant => ("助手", "Assistant"),
    RoleTool => ("工具", "Tool"),
    KindText => ("文本", "Text"),
    KindStaticVar => ("变量", "Variables"),
    KindDocument => ("文档", "Documents"),
    KindMedia => ("媒体", "Media"),
    KindSystemPrompt => ("System Prompt", "System Prompt"),
    KindMemory => ("记忆", "Memory"),
    KindSkills => ("技能", "Skills"),
    KindToolOverview => ("工具声明", "Tools"),
    KindToolCallRequest => ("工具调用", "Tool call"),
    KindToolCallResult => ("调用结果", "Tool result"),
    KindLongText => ("长文本", "Long text"),
    Template => ("模板", "Template"),
    Expanded => ("展开变量", "Expanded"),
    UndefinedVariable => ("未定义的变量", "undefined variable"),
    ShowInstructions => ("查看完整指令（L2）", "Show full instructions (L2)"),
    NotInRegistry => ("不在技能注册表中", "not in the skills registry"),
    Schema => ("JSON Schema", "JSON Schema"),
    NoSchema => ("未提供 Schema", "No schema given"),
    NoArguments => ("无参数", "No arguments"),
    Success => ("成功", "Success"),
    Failure => ("失败", "Failed"),
    ViewParsed => ("查看解析", "View parsed"),
    HideParsed => ("收起解析", "Hide parsed"),
    Image => ("图片", "Image"),
    Audio => ("音频", "Audio"),
    Video => ("视频", "Video"),
    UrlBlocked => ("链接已拦截（不安全的协议）", "URL blocked (unsafe scheme)"),
    LoadFailed => ("无法加载", "Could not load"),
    OpenAiFormat => ("OpenAI 格式", "OpenAI Format"),
    AnthropicFormat => ("Anthropic 格式", "Anthropic Format"),
    McpFormat => ("MCP 提示", "MCP Prompt"),
    RawProtocol => ("原始协议", "Raw Protocol"),
    CopyCurl => ("复制为 cURL", "Copy as cURL"),
    Share => ("分享链接", "Share"),
    NotStored => ("浏览器没有保存你的信封（存储已满或被禁用），关闭页面后会丢失。请下载保存：", "This browser did not keep your envelope (its storage is full or off): it will be lost when the page closes. Download it to keep it:"),
    Preparing => ("正在生成…", "Preparing…"),
    ImportWarnings => ("导入警告", "Import warnings"),
    Replaced => ("已替换之前的文本。", "Your previous text was replaced."),
    Undo => ("撤销", "Undo"),
    HostRefused => ("宿主页面发来的消息无法执行，当前信封保持不变：", "The host page's message could not be carried out; the envelope shown stays:"),
    LinkCopied => ("链接已复制：信封就在链接里，不会上传到任何地方", "Link copied: the envelope is in the link itself and is sent nowhere"),
    LinkTooLong => ("这个信封做成的链接会超过 2 MB，链接装不下；请下载文件分享", "This envelope would make a link of over 2 MB, more than links carry; download it and share the file instead"),
    OpeningLink => ("正在打开分享的信封…", "Opening the shared envelope…"),
    BrokenLink => ("无法打开这个分享链接", "This share link cannot be opened"),
    LinkNotBase64 => ("链接中 #envelope= 之后的部分不是 base64url 文本（可能复制不完整）", "The part after #envelope= is not base64url text (was the link copied whole?)"),
    LinkNotDeflate => ("链接的内容无法解压（不是 DEFLATE 数据，或被截断）", "The link's content does not inflate (not DEFLATE data, or cut short)"),
    LinkNotUtf8 => ("链接解压后不是 UTF-8 文本", "The link's content is not UTF-8 text"),
    EditCopy => ("复制到我的信封编辑", "Edit a copy"),
    ViewSwitch => ("视图", "View"),
    ModelView => ("模型视图", "Model view"),
    UserView => ("用户视图", "User view"),
    CodeSnippets => ("代码示例", "Code"),
    CodeSnippetsHint => ("先下载请求文件，再用官方 SDK 发送：", "Download the request, then send it with the official SDK:"),
    Copy => ("复制", "Copy"),
    Copied => ("已复制", "Copied"),
    CopyFailed => ("复制失败", "Copy failed"),
    Download => ("下载", "Download"),
    ExportWarnings => ("导出警告", "Export warnings"),
    RequestChecks => ("请求检查", "Request checks"),
    ContextBudget => ("上下文预算", "Context budget"),
    BudgetKind => ("类型", "Kind"),
    BudgetSegments => ("Segment 数", "Segments"),
    BudgetChars => ("字符", "Characters"),
    BudgetTokens => ("≈ Token", "≈ Tokens"),
    BudgetShare => ("占比", "Share"),
    BudgetRequest => ("整个请求", "Whole request"),
    BudgetOfWindow => ("上下文窗口", "context window"),
    BudgetNoWindow => ("未知模型的上下文窗口，仅显示合计", "The model's context window is not known: totals only"),
    BudgetEstimate => ("≈ 为浏览器内的估算（o200k_base，误差约 10% 以内）；`pep stats` 给出精确值", "≈ is an estimate made in the browser (o200k_base, within about 10%); `pep stats` counts exactly"),
    BudgetFree => ("剩余", "free"),
    RequestChecksOk => ("请求检查通过（参数符合工具 Schema，消息顺序符合 API 规则）", "Request checks passed (arguments match the tools' schemas, turns follow the API's rules)"),
    NoWarnings => ("没有导出警告", "No export warnings"),
    ValidationIssues => ("校验问题", "Validation issues"),
    Error => ("错误", "error"),
    Warning => ("警告", "warning"),
    InvalidSegment => ("无效的 Segment", "Invalid segment"),
    InvalidMessage => ("无效的消息", "Invalid message"),
    RawJson => ("原始 JSON", "Raw JSON"),
    CannotRead => ("无法读取这个信封", "This envelope cannot be read"),
    Chat => ("对话", "Chat"),
    ProtocolPanel => ("协议面板", "Protocol panel"),
    YourEnvelope => ("✎ 我的信封", "✎ Your envelope"),
    EditorLabel => ("Prompt Envelope JSON", "Prompt Envelope JSON"),
    EditorHint => ("粘贴、编辑或打开一个信封文件，下方视图与导出会实时更新。内容只保存在本浏览器中。", "Paste, edit or open an envelope file; the view and the export below update as you type. It stays in this browser only."),
    OpenFile => ("打开文件…", "Open file…"),
    ResetExample => ("恢复示例", "Reset to example"),
    FileReadFailed => ("无法读取该文件", "Could not read that file"),
    FileTooLarge => ("文件超过 50 MiB，未打开；当前内容保持不变。", "That file is over 50 MiB and was not opened; nothing was replaced."),
    InputTooLarge => ("粘贴的文本超过 50 MiB，未采用；编辑器内容保持不变。", "That text is over 50 MiB and was not taken; the editor keeps what it had."),
    SafeMode => ("安全模式：上次显示这个信封时页面出错或未能完成，所以这次没有自动显示。你的文本仍在上方的编辑器中，可以修改后再显示。", "Safe mode: last time this envelope stopped the page or did not finish rendering, so it is not shown automatically. Your text is in the editor above; edit it, or render it anyway."),
    RenderAnyway => ("仍然显示", "Render anyway"),
    CrashTitle => ("页面出错了", "The page stopped working"),
    CrashBody => ("查看器遇到一个内部错误，无法继续运行。你的信封文本已保存在本浏览器中：重新加载后它仍在编辑器里，但不会自动再次显示。", "The viewer hit an internal error and cannot go on. Your envelope text is saved in this browser: after Reload it is back in the editor, and it is not shown again until you ask."),
    Reload => ("重新加载", "Reload"),
    Search => ("搜索信封", "Search the envelope"),
    SearchPlaceholder => ("搜索全部消息…", "Search all messages…"),
    SearchPrevious => ("上一个匹配", "Previous match"),
    SearchNext => ("下一个匹配", "Next match"),
    NoMatches => ("无匹配", "No matches"),
    MarkdownTooLarge => ("内容超过 256 KiB，按纯文本显示。", "Over 256 KiB: shown as plain text."),
    MarkdownTooComplex => ("这段 Markdown 渲染后的 HTML 会远大于原文，按纯文本显示。", "Rendered, this markdown would be many times its size: shown as plain text."),
    Stepper => ("逐步查看请求", "Step through the request"),
    StepPrevious => ("上一步", "Previous step"),
    StepNext => ("下一步", "Next step"),
    StepSlider => ("步骤", "Step"),
    StepPlay => ("播放（每 2 秒一步）", "Play (a step every 2 s)"),
    StepPause => ("暂停", "Pause"),
    StepOf => ("第几步 / 共几步", "step / steps"),
    LargeJson => ("内容较大：只渲染可见的行，超长的行被截断；复制和下载给出完整文本。", "Large text: only the visible lines are rendered and very long lines are cut; Copy and Download give the full text."),
}
