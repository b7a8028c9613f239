//! Every kind of problem, as one enum: callers match on what went wrong instead of parsing
//! strings, and the viewer translates each one. The English text is in `text.rs`, the
//! severity in `severity.rs`.

/// What is wrong at a place in an envelope. The `Display` text is the plain message users see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    // ----- errors (DECISIONS §1) -----
    /// The text is not JSON at all.
    InvalidJson {
        /// 1-based line of the first offending character.
        line: usize,
        /// 1-based column of the first offending character.
        column: usize,
        /// What the JSON parser expected, without its own position suffix.
        reason: String,
    },
    /// A value has the wrong JSON type.
    WrongType {
        /// The JSON type the protocol requires, with an article ("a string").
        expected: &'static str,
        /// The JSON type that was found ("number").
        found: &'static str,
    },
    /// A field the spec marks as required is absent.
    MissingField {
        /// The camelCase field name.
        field: &'static str,
    },
    /// `collapsed` is absent on a kind whose folding state the spec requires.
    MissingCollapsed {
        /// The segment kind.
        kind: &'static str,
    },
    /// `version` is not the string `"1.0"`.
    WrongVersion {
        /// The value as written in the input.
        found: String,
    },
    /// An array that must have members is empty.
    EmptyArray {
        /// What the array holds ("message", "segment", "item").
        what: &'static str,
    },
    /// `role` is not one of the four roles.
    UnknownRole {
        /// The role as written.
        found: String,
    },
    /// `kind` is not one of the eleven segment kinds.
    UnknownKind {
        /// The kind as written.
        found: String,
    },
    /// A message `id` already used by an earlier message.
    DuplicateId {
        /// The repeated id.
        id: String,
        /// Path of the first message with this id.
        first: String,
    },
    /// A count or size below zero.
    Negative {
        /// The number as written.
        found: String,
    },
    /// A number that must be an integer is written with a fraction or an exponent.
    NotInteger {
        /// The number as written.
        found: String,
    },
    /// An integer too large for the field.
    OutOfRange {
        /// The number as written.
        found: String,
    },
    /// `mediaType` is not image, audio or video.
    UnknownMediaType {
        /// The media type as written.
        found: String,
    },

    // ----- warnings (DECISIONS §1) -----
    /// A field the protocol does not define; it is kept, but nothing uses it.
    UnknownField {
        /// The field name as written.
        field: String,
    },
    /// A key written twice in one object; JSON keeps only the last value.
    DuplicateKey {
        /// The repeated key.
        key: String,
    },
    /// More warnings of one repetitive kind than are listed one by one (DECISIONS §9: the
    /// report of a small input cannot grow far beyond it).
    NotListed {
        /// Which warnings: "repeated key", "unknown field", "unknown placeholder", "empty
        /// static_var value" or "schema mismatch".
        what: &'static str,
        /// How many were not listed.
        count: usize,
    },
    /// `charCount` disagrees with the content.
    CharCountMismatch {
        /// The number as written.
        declared: String,
        /// Unicode scalar values in `content`.
        actual: usize,
    },
    /// A `{{name}}` placeholder with no static_var of that name.
    UnknownPlaceholder {
        /// The placeholder exactly as written, spaces included.
        placeholder: String,
        /// The variable name inside it.
        name: String,
    },
    /// A static_var that no system_prompt placeholder uses.
    UnusedVariable {
        /// The variable name.
        name: String,
    },
    /// A static_var name defined a second time.
    DuplicateVariable {
        /// The variable name.
        name: String,
        /// Path of the winning definition.
        first: String,
    },
    /// A tool_call_result with no earlier unanswered request of the same tool.
    UnmatchedResult {
        /// The result's `toolName`.
        tool: String,
    },
    /// A `callId` that an earlier tool_call_request already holds (DECISIONS §7).
    DuplicateCallId {
        /// The repeated `callId`.
        call_id: String,
        /// Path of the request holding it first.
        first: String,
        /// The id this request is exported with (`call_N`).
        id: String,
    },
    /// Two exported tool calls with one id: a `callId` that reads like the generated `call_N`
    /// of another request (DECISIONS §3, §7 leave it open; the API rejects the request).
    ExportIdCollision {
        /// The repeated id.
        id: String,
        /// Path of the first request with it.
        first: String,
    },
    /// A tool_call_request that no later result answers.
    UnansweredRequest {
        /// The request's `toolName`.
        tool: String,
    },
    /// A message timestamp earlier than the one before it.
    TimestampBackwards {
        /// The previous message's timestamp.
        previous: i64,
        /// This message's timestamp.
        current: i64,
    },
    /// A media URL with a scheme the viewer will not load.
    BlockedUrl {
        /// The URL as written.
        url: String,
    },
    /// A skill item that carries its L2 body inside the protocol.
    SkillBodyIgnored,
    /// `model` is the empty string.
    EmptyModel,
    /// The viewer filled in a missing `collapsed` with the spec §7.2 default.
    CollapsedRepaired {
        /// The folding default used.
        default: bool,
    },
    /// The viewer computed a missing `charCount`.
    CharCountRepaired {
        /// Unicode scalar values in `content`.
        computed: usize,
    },

    // ----- export warnings (DECISIONS §2, §3) -----
    /// No usable `model`: the request has no `model` key.
    ModelMissing,
    /// A variable whose value is empty was expanded.
    EmptyVariableValue {
        /// The variable name.
        name: String,
    },
    /// The expanded head reached its size limit (DECISIONS §9): this placeholder and all
    /// later ones stay as written.
    HeadTooLarge {
        /// The limit in MiB.
        limit_mib: usize,
        /// The first placeholder left unexpanded, exactly as written.
        placeholder: String,
    },
    /// A tool_call_request outside an assistant message is left out.
    RequestOutsideAssistant {
        /// The role of the message holding it.
        role: &'static str,
    },
    /// A tool_call_result outside a tool message is still exported.
    ResultOutsideTool {
        /// The role of the message holding it.
        role: &'static str,
    },
    /// Text in a tool message before its first result has nowhere to go.
    TextBeforeResult,
    /// Text following a result that was itself left out.
    TextAfterDroppedResult,
    /// A tool name declared twice in tool_overview.
    DuplicateTool {
        /// The tool name.
        name: String,
        /// Path of the exported declaration.
        first: String,
    },
    /// An invalid segment or message the viewer could not export.
    LeftOutInvalid,
    /// A Responses request with no input item, which the API rejects (DECISIONS §10).
    EmptyInput,

    // ----- request checks (tools, provider rules) -----
    /// A tool call's arguments do not match the declared tool's schema.
    ArgumentsMismatch {
        /// The called tool.
        tool: String,
        /// What is wrong, in plain words.
        detail: String,
    },
    /// A call of a tool that no tool_overview declares.
    UndeclaredTool {
        /// The called tool.
        tool: String,
    },
    /// Parts of a called tool's schema that the checker does not check.
    SchemaNotChecked {
        /// The tool.
        tool: String,
        /// The keywords not checked, comma-separated.
        keywords: String,
    },
    /// OpenAI: a tool message that does not directly follow the call it answers.
    ToolMessageOutOfPlace {
        /// The call id it answers.
        id: String,
    },
    /// OpenAI: a call answered, but not before the next message.
    CallNotAnsweredNext {
        /// The call id.
        id: String,
    },

    // ----- Anthropic export warnings (DECISIONS §5) -----
    /// The first turn is an assistant turn; the API wants a user turn first.
    FirstTurnNotUser,
    /// The final assistant turn ends with whitespace, which the API rejects.
    TrailingWhitespace,
    /// A user turn's tool_result blocks were moved before its other blocks.
    ResultsMovedFirst,
    /// An image sent as a url source that is not an absolute http(s) URL.
    ImageUrlNotHttp,

    // ----- MCP export warnings (DECISIONS §6) -----
    /// The head text became the first user message.
    HeadAsUserMessage,
    /// Tool calls and results were written as text.
    ToolCallsAsText,
    /// Tool declarations have no place in a prompt.
    ToolsNotInPrompt {
        /// Every tool_overview item, duplicates included.
        count: usize,
    },
    /// A relative image URL written as text.
    RelativeImageAsText,

    // ----- import errors (DECISIONS §7) -----
    /// The document is neither an envelope nor a request `pep import` reads.
    ImportUnrecognized,
    /// A message role the input format does not have.
    ImportUnknownRole {
        /// The role as written.
        found: String,
        /// The roles of the format, in words.
        expected: &'static str,
    },
    /// Tool-call arguments that are not a JSON object.
    ArgumentsNotObject {
        /// The JSON type found ("a string").
        found: &'static str,
    },
    /// Tool-call arguments written as a string that is not JSON at all.
    ArgumentsNotJson {
        /// 1-based line inside the arguments string.
        line: usize,
        /// 1-based column inside the arguments string.
        column: usize,
        /// What the JSON parser expected.
        reason: String,
    },
    /// Nothing in the input gives an envelope message.
    ImportNothing,
    /// An embeddings request, which holds no conversation (DECISIONS §10).
    ImportEmbeddings,
    /// A session log with no user or assistant line (DECISIONS §11).
    LogNoConversation,
    /// A file of many requests, imported without choosing (DECISIONS §13).
    ManyRequests {
        /// How many requests it has.
        count: usize,
        /// Whether they are the GenAI spans of a trace (else JSON Lines).
        spans: bool,
    },
    /// An OpenTelemetry trace without a span holding `gen_ai.input.messages` (DECISIONS §12).
    TraceNoGenAi,
    /// A many-request file none of whose lines can be imported.
    NoRequestImported,

    // ----- import warnings (DECISIONS §7) -----
    /// A key, block, part or message of the input that the envelope has no place for.
    ImportLeftOut {
        /// What was left out.
        what: super::LeftOut,
    },
    /// Anthropic's `max_tokens`, which the envelope does not carry.
    ImportMaxTokens {
        /// The number as written.
        value: String,
    },
    /// An OpenAI `developer` message, imported as a system message.
    ImportDeveloper,
    /// A file whose bytes the envelope does not keep.
    ImportBytesNotKept,
    /// A document text longer than the snippet the exports send.
    ImportSnippetOnly {
        /// Unicode scalar values in the text.
        chars: usize,
    },
    /// A tool result whose call id no earlier tool call has.
    ImportUnknownCall {
        /// The call id as written.
        id: String,
    },
    /// What a session log import left out or could not hold (DECISIONS §11).
    Log(super::LogProblem),
    /// A request of a many-request file (a line, a span) that cannot be imported, skipped
    /// (DECISIONS §13).
    RequestLineSkipped {
        /// Why: the first error of its import, as the CLI prints it.
        reason: String,
    },
    /// A key that looks like a GenAI attribute but is not one (`gen_ai.system.instructions`),
    /// left out (DECISIONS §12).
    ImportLookAlike {
        /// The key as written.
        found: String,
        /// The attribute it looks like.
        meant: &'static str,
    },
    /// `previous_response_id` or `conversation`, left out: the request relied on state the
    /// server holds and the file does not (DECISIONS §10).
    ImportServerState {
        /// The key as written.
        key: String,
    },
}
