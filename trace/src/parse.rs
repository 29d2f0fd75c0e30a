//! Trace text to [`Trace`]: the header, statements, values. The typed meaning of each call's
//! arguments is in `calls.rs`.

use std::collections::HashMap;

use molehill_agal::flash::ErrorClass;

use super::calls::{self, Receiver};
use super::error::{ParseError, ParseErrorKind as K};
use super::lex::{tokenize, Tok, Token};
use super::model::{Call, Located, Name, Pos, Statement, Trace, FORMAT_VERSION};
use super::syntax::{Arg, Names, Value};
use super::values;
use molehill_context3d::stage::{StageLayout, STAGE3D_COUNT};

/// Words that cannot name a resource.
pub(crate) const RESERVED: &[&str] = &[
    "stage",
    "stage3Ds",
    "context",
    "context1",
    "context2",
    "context3",
    "expect",
    "config",
    "true",
    "false",
    "null",
    "NaN",
    "Infinity",
    "rect",
    "point",
    "bytes",
    "bytesFile",
    "hexFile",
    "agal",
    "agalFile",
    "bitmap",
    "bitmapFile",
];

/// Parses a whole trace. Never panics; any malformed input is a [`ParseError`] with its line
/// and column.
pub fn parse(text: &str) -> Result<Trace, ParseError> {
    let (first, rest) = match text.split_once('\n') {
        Some((a, b)) => (a, b),
        None => (text, ""),
    };
    check_header(first)?;
    let tokens = tokenize(rest, 2)?;
    let mut p = Parser {
        tokens,
        i: 0,
        names: HashMap::new(),
        owners: HashMap::new(),
        context_ready: [false; STAGE3D_COUNT],
        trace: Trace::default(),
        last_call: None,
        last_call_has_error: false,
        depth: 0,
    };
    while p.i < p.tokens.len() {
        p.statement()?;
    }
    Ok(p.trace)
}

fn check_header(line: &str) -> Result<(), ParseError> {
    let at = |column| Pos { line: 1, column };
    let content = line
        .split('#')
        .next()
        .unwrap_or("")
        .trim_start_matches('\u{feff}');
    let mut words = content.split_whitespace();
    if words.next() != Some("molehill-trace") {
        return Err(ParseError::new(at(1), K::MissingHeader));
    }
    let version_col = content
        .find(|c: char| c.is_ascii_digit())
        .map_or(16, |b| content[..b].chars().count() as u32 + 1);
    match (words.next(), words.next()) {
        (Some(v), None) if v == FORMAT_VERSION.to_string() => Ok(()),
        (Some(v), None) => Err(ParseError::new(
            at(version_col),
            K::UnsupportedVersion(v.to_string()),
        )),
        _ => Err(ParseError::new(at(1), K::MissingHeader)),
    }
}

struct Parser {
    tokens: Vec<Token>,
    i: usize,
    names: Names,
    /// The Stage3D whose context created each name.
    owners: HashMap<String, usize>,
    /// Per Stage3D: whether a `requestContext3D` came before (its context name is usable).
    context_ready: [bool; STAGE3D_COUNT],
    trace: Trace,
    /// Position of the last call statement, if any.
    last_call: Option<Pos>,
    last_call_has_error: bool,
    depth: usize,
}

/// Deepest nesting of values (vectors and constructors inside each other).
const MAX_DEPTH: usize = 8;

impl Parser {
    fn peek(&self) -> &Tok {
        self.tokens.get(self.i).map_or(&Tok::End, |t| &t.tok)
    }

    fn pos(&self) -> Pos {
        match self.tokens.get(self.i) {
            Some(t) => t.pos,
            None => self.tokens.last().map(|t| t.pos).unwrap_or_default(),
        }
    }

    fn next(&mut self) -> Token {
        let t = self.tokens.get(self.i).cloned().unwrap_or(Token {
            pos: self.pos(),
            tok: Tok::End,
        });
        self.i += 1;
        t
    }

    fn unexpected(&self, expected: &'static str) -> ParseError {
        ParseError::new(
            self.pos(),
            K::Expected {
                expected,
                found: self.peek().describe(),
            },
        )
    }

    fn expect(&mut self, tok: Tok, expected: &'static str) -> Result<Pos, ParseError> {
        if *self.peek() == tok {
            Ok(self.next().pos)
        } else {
            Err(self.unexpected(expected))
        }
    }

    fn ident(&mut self, expected: &'static str) -> Result<Located<String>, ParseError> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                let pos = self.next().pos;
                Ok(Located::new(pos, s))
            }
            _ => Err(self.unexpected(expected)),
        }
    }

    fn end(&mut self) -> Result<(), ParseError> {
        match self.peek() {
            Tok::End => {
                self.i += 1;
                Ok(())
            }
            other => Err(ParseError::new(
                self.pos(),
                K::TrailingInput(other.describe()),
            )),
        }
    }

    fn statement(&mut self) -> Result<(), ParseError> {
        let first = self.ident("a call, `expect` or `config`")?;
        match first.value.as_str() {
            "config" => self.config(first.pos)?,
            "expect" => self.expectation(first.pos)?,
            _ => self.call_statement(first)?,
        }
        self.end()
    }

    fn config(&mut self, pos: Pos) -> Result<(), ParseError> {
        if self.last_call.is_some() {
            return Err(ParseError::new(
                pos,
                K::BadConfig("`config` lines must come before the first call".into()),
            ));
        }
        let name = self.ident("a config name")?;
        let value = self.value()?;
        match name.value.as_str() {
            "swfVersion" => {
                self.trace.config.swf_version = values::to_u32(&value, "uint")?;
            }
            "stage" => {
                // WIDTH HEIGHT 0xRRGGBB; the sides as a bitmap's (1..=16384).
                let side = |v: &Arg| values::to_whole(v, "stage side", 1.0, 16384.0);
                let width = side(&value)?;
                let height = side(&self.value()?)?;
                let color_arg = self.value()?;
                let color = values::to_u32(&color_arg, "uint")?;
                if color > 0xFF_FFFF {
                    return Err(ParseError::new(
                        color_arg.pos,
                        K::BadConfig("the stage colour is 0xRRGGBB (at most 0xFFFFFF)".into()),
                    ));
                }
                self.trace.config.stage = StageLayout::new(width as u32, height as u32, color);
            }
            "memoryBudget" => {
                // Bytes, a whole number (JavaScript's exact integers, as a Number holds them).
                let bytes =
                    values::to_whole(&value, "memory budget", 0.0, 9.007_199_254_740_991e15)?;
                self.trace.config.memory_budget = bytes as u64;
            }
            other => {
                return Err(ParseError::new(
                    name.pos,
                    K::BadConfig(format!(
                        "unknown config `{other}` (known: swfVersion, stage, memoryBudget)"
                    )),
                ))
            }
        }
        Ok(())
    }

    fn expectation(&mut self, pos: Pos) -> Result<(), ParseError> {
        let what = self.ident("`error`, `pixel`, `image` or `screen`")?;
        let statement = match what.value.as_str() {
            "error" => {
                if self.last_call.is_none() {
                    return Err(ParseError::new(
                        pos,
                        K::MisplacedExpectation("`expect error` needs a call before it"),
                    ));
                }
                if self.last_call_has_error {
                    return Err(ParseError::new(
                        pos,
                        K::MisplacedExpectation("the call before already has an `expect error`"),
                    ));
                }
                self.last_call_has_error = true;
                let id_arg = self.value()?;
                let id = values::to_u32(&id_arg, "error ID")?;
                let mut class = None;
                if let Tok::Ident(name) = self.peek().clone() {
                    let cpos = self.next().pos;
                    class =
                        Some(parse_class(&name).ok_or_else(|| {
                            ParseError::new(cpos, K::BadErrorClass(name.clone()))
                        })?);
                }
                let mut message = None;
                if let Tok::Str(s) = self.peek().clone() {
                    self.next();
                    message = Some(s);
                }
                Statement::ExpectError { id, class, message }
            }
            "pixel" => {
                let x = values::to_u32(&self.value()?, "uint")?;
                let y = values::to_u32(&self.value()?, "uint")?;
                let argb = values::to_u32(&self.value()?, "uint")?;
                let mut tolerance = 0;
                if self.option("tolerance")? {
                    tolerance = values::to_u8(&self.value()?)?;
                }
                Statement::ExpectPixel {
                    x,
                    y,
                    argb,
                    tolerance,
                }
            }
            "image" | "screen" => {
                let file_arg = self.value()?;
                let file = values::to_string(&file_arg)?;
                let mut tolerance = 0;
                let mut max_outliers = 0;
                loop {
                    if self.option("tolerance")? {
                        tolerance = values::to_u8(&self.value()?)?;
                    } else if self.option("max_outliers")? {
                        let v = self.value()?;
                        max_outliers =
                            values::to_whole(&v, "count", 0.0, 9.007_199_254_740_991e15)? as u64;
                    } else {
                        break;
                    }
                }
                if what.value == "screen" {
                    Statement::ExpectScreen {
                        file,
                        tolerance,
                        max_outliers,
                    }
                } else {
                    Statement::ExpectImage {
                        file,
                        tolerance,
                        max_outliers,
                    }
                }
            }
            _ => {
                return Err(ParseError::new(
                    what.pos,
                    K::Expected {
                        expected: "`error`, `pixel`, `image` or `screen`",
                        found: format!("`{}`", what.value),
                    },
                ))
            }
        };
        if matches!(
            statement,
            Statement::ExpectPixel { .. }
                | Statement::ExpectImage { .. }
                | Statement::ExpectScreen { .. }
        ) && self.last_call.is_none()
        {
            return Err(ParseError::new(
                pos,
                K::MisplacedExpectation("`expect` needs a call before it"),
            ));
        }
        self.trace.statements.push(Located::new(pos, statement));
        Ok(())
    }

    /// Consumes the word `word` if it is next.
    fn option(&mut self, word: &str) -> Result<bool, ParseError> {
        match self.peek() {
            Tok::Ident(s) if s == word => {
                self.i += 1;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn call_statement(&mut self, first: Located<String>) -> Result<(), ParseError> {
        let pos = first.pos;
        let (result, receiver_word) = if *self.peek() == Tok::Equals {
            self.i += 1;
            if RESERVED.contains(&first.value.as_str()) {
                return Err(ParseError::new(first.pos, K::ReservedName(first.value)));
            }
            let receiver = self.ident("`context`")?;
            (Some(first), receiver)
        } else {
            (None, first)
        };
        let receiver = self.receiver(&receiver_word)?;
        let stage3d = match &receiver {
            Receiver::Stage(n) | Receiver::Context(n) => *n,
            Receiver::Resource(_, name) => self.owners.get(&name.0).copied().unwrap_or(0),
        };
        self.expect(Tok::Dot, "`.`")?;
        let member = self.ident("a method or property name")?;
        let call = match self.peek() {
            Tok::LParen => {
                let open = self.next().pos;
                let (args, close) = self.arg_list(open)?;
                calls::build(&receiver, &member, args, close, &self.names)?
            }
            Tok::Equals if result.is_none() => {
                self.i += 1;
                let value = self.value()?;
                calls::build_property(&receiver, &member, &value)?
            }
            _ => return Err(self.unexpected("`(`")),
        };
        match (call.creates(), &result) {
            (Some(kind), Some(name)) => {
                self.names.insert(name.value.clone(), kind);
                self.owners.insert(name.value.clone(), stage3d);
            }
            (Some(_), None) => {
                return Err(ParseError::new(
                    pos,
                    K::UnboundCreate(calls::method_name(&call)),
                ))
            }
            (None, Some(_)) => {
                return Err(ParseError::new(
                    pos,
                    K::NothingToBind(calls::method_name(&call)),
                ))
            }
            (None, None) => {}
        }
        if matches!(
            call,
            Call::RequestContext3D { .. } | Call::RequestContext3DMatchingProfiles { .. }
        ) {
            self.context_ready[stage3d] = true;
        }
        self.last_call = Some(pos);
        self.last_call_has_error = false;
        self.trace.statements.push(Located::new(
            pos,
            Statement::Call {
                result: result.map(|r| Name(r.value)),
                call,
                stage3d,
            },
        ));
        Ok(())
    }

    /// `stage`, `stage3Ds[N]`, `context`, `contextN` (N = 1..=3) or a resource name.
    fn receiver(&mut self, word: &Located<String>) -> Result<Receiver, ParseError> {
        let context = |ready: &[bool; STAGE3D_COUNT], n: usize| {
            if ready[n] {
                Ok(Receiver::Context(n))
            } else {
                Err(ParseError::new(word.pos, K::ContextBeforeRequest))
            }
        };
        match word.value.as_str() {
            "stage" => Ok(Receiver::Stage(0)),
            "stage3Ds" => {
                self.expect(Tok::LBracket, "`[`")?;
                let index = self.value()?;
                let n = values::to_whole(&index, "Stage3D index", 0.0, 3.0)? as usize;
                self.expect(Tok::RBracket, "`]`")?;
                Ok(Receiver::Stage(n))
            }
            "context" => context(&self.context_ready, 0),
            "context1" => context(&self.context_ready, 1),
            "context2" => context(&self.context_ready, 2),
            "context3" => context(&self.context_ready, 3),
            name => match self.names.get(name) {
                Some(&kind) => Ok(Receiver::Resource(kind, Name(name.to_string()))),
                None => Err(ParseError::new(word.pos, K::UnknownName(name.to_string()))),
            },
        }
    }

    /// After `(`: arguments up to the matching `)`; returns them and the `)` position.
    fn arg_list(&mut self, _open: Pos) -> Result<(Vec<Arg>, Pos), ParseError> {
        self.list(Tok::RParen, "`,` or `)`")
    }

    fn list(&mut self, close: Tok, expected: &'static str) -> Result<(Vec<Arg>, Pos), ParseError> {
        let mut items = Vec::new();
        if *self.peek() == close {
            return Ok((items, self.next().pos));
        }
        loop {
            items.push(self.value()?);
            match self.peek() {
                Tok::Comma => {
                    self.i += 1;
                    // A trailing comma is fine: `[1, 2, 3,]`.
                    if *self.peek() == close {
                        return Ok((items, self.next().pos));
                    }
                }
                t if *t == close => return Ok((items, self.next().pos)),
                _ => return Err(self.unexpected(expected)),
            }
        }
    }

    fn value(&mut self) -> Result<Arg, ParseError> {
        // Values nest at most a few levels (`bitmap(2, 2, [...])`); a deeper nesting is an
        // error rather than a stack overflow on hostile input.
        if self.depth >= MAX_DEPTH {
            return Err(ParseError::new(self.pos(), K::TooDeep));
        }
        self.depth += 1;
        let result = self.value_inner();
        self.depth -= 1;
        result
    }

    fn value_inner(&mut self) -> Result<Arg, ParseError> {
        let pos = self.pos();
        let value = match self.peek().clone() {
            Tok::Number(n) => {
                self.i += 1;
                Value::Number(n)
            }
            Tok::Str(s) => {
                self.i += 1;
                Value::Str(s)
            }
            Tok::LBracket => {
                self.i += 1;
                let (items, _) = self.list(Tok::RBracket, "`,` or `]`")?;
                Value::Array(items)
            }
            Tok::Ident(word) => {
                self.i += 1;
                match word.as_str() {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    "null" => Value::Null,
                    _ if *self.peek() == Tok::LParen => {
                        let open = self.next().pos;
                        let (args, close) = self.arg_list(open)?;
                        Value::Ctor {
                            name: word,
                            args,
                            close,
                        }
                    }
                    _ => Value::Name(word),
                }
            }
            _ => return Err(self.unexpected("a value")),
        };
        Ok(Arg { pos, value })
    }
}

fn parse_class(name: &str) -> Option<ErrorClass> {
    match name {
        "Error" => Some(ErrorClass::Error),
        "ArgumentError" => Some(ErrorClass::ArgumentError),
        "RangeError" => Some(ErrorClass::RangeError),
        "TypeError" => Some(ErrorClass::TypeError),
        _ => None,
    }
}

/// The trace name of an error class (the inverse of the parser's).
pub(crate) fn class_name(class: ErrorClass) -> &'static str {
    class.as_str()
}
