//! Every public method of the AS3-shaped facade that can fail names the Flash errors it gives,
//! in one form, so that a new method cannot be added without them.
//!
//! The facade's files are read as text. Each `pub fn` returning `FlashResult` (or
//! `Result<_, FlashError>`, or defined through the `forward!` macro, whose methods all return
//! `FlashResult`) must have a `# Errors` section in its doc comment with at least one item, and
//! every item must read `- CLASS #ID: when.` or `- CLASS #ID, #ID, ...: when.` (continuation
//! lines indented by two spaces). Every `CLASS #ID` in the doc comment of any public method
//! of these files must name an ID of agal's error table ([`molehill_agal::flash::template`]) with a
//! class Molehill raises it with.
//!
//! agal's table holds IDs and messages, not classes: Flash decides the class where it throws
//! (`ArgumentError #3615` for an empty program, `Error #3615` for a short one). So the classes
//! are read from the code that builds the errors, in agal, context3d and molehill-player:
//! `FlashError::error(ID` (Error), `FlashError::argument(ID` (ArgumentError),
//! `FlashError::new(ErrorClass::CLASS, ID`, and closures defined as one of those and called
//! with a literal ID (context3d's `err(3694)`). A documented `CLASS #ID` is right when one of
//! those sites builds it, or when the class is `Error` and no site builds the ID with another
//! class (IDs computed at run time, such as a backend's out-of-memory error, are all `Error`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use molehill_agal::flash::{template, ErrorClass};

use crate::common::rust_files;

/// The facade's files, relative to this crate: `src/stage3d.rs` and every file under
/// `src/context/` (`Context3D`'s methods, its resources' methods among them), so that a method
/// cannot escape the check by moving to a new file.
fn facade_files() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    rust_files(&root.join("src/context"), &mut found);
    let mut files: Vec<String> = found
        .iter()
        .filter_map(|p| Some(p.strip_prefix(root).ok()?.display().to_string()))
        .collect();
    files.sort();
    assert!(
        files.iter().any(|f| f == "src/context/mod.rs"),
        "the facade's files are not where this test looks: {files:?}"
    );
    files.insert(0, "src/stage3d.rs".to_string());
    files
}

/// The crates whose code builds Flash errors, relative to the workspace root.
const ERROR_SOURCES: &[&str] = &["agal/src", "context3d/src", "player-shim/src"];

fn class_names() -> Vec<&'static str> {
    [
        ErrorClass::Error,
        ErrorClass::ArgumentError,
        ErrorClass::RangeError,
        ErrorClass::TypeError,
    ]
    .iter()
    .map(|c| c.as_str())
    .collect()
}

/// A public method of a facade file.
#[derive(Debug)]
struct Method {
    name: String,
    /// 1-based line of its `pub fn`.
    line: usize,
    /// Its doc comment, `///` and one space removed.
    doc: Vec<String>,
    /// Returns a Flash error.
    fallible: bool,
}

/// Every `pub fn` of `src` with its doc comment.
fn methods(src: &str) -> Vec<Method> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("pub fn ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // The signature: up to the body, or the end of a `forward!` entry (a `;` outside
        // brackets: `&[f64; 16]` is a type).
        let mut signature = String::new();
        let mut depth = 0i32;
        'lines: for l in &lines[i..] {
            for c in l.chars() {
                match c {
                    '(' | '[' => depth += 1,
                    ')' | ']' => depth -= 1,
                    '{' | ';' if depth == 0 => break 'lines,
                    _ => {}
                }
                signature.push(c);
            }
            signature.push('\n');
        }
        let fallible = signature.contains("FlashResult")
            || signature.contains("FlashError")
            || signature.contains("=>");
        let mut doc = Vec::new();
        let mut j = i;
        while j > 0 {
            j -= 1;
            let t = lines[j].trim_start();
            if t.starts_with("#[") {
                continue;
            }
            match t.strip_prefix("///") {
                Some(d) => doc.push(d.strip_prefix(' ').unwrap_or(d).to_string()),
                None => break,
            }
        }
        doc.reverse();
        out.push(Method {
            name,
            line: i + 1,
            doc,
            fallible,
        });
    }
    out
}

/// The items of the doc's `# Errors` section (continuation lines joined), or `None` without
/// one.
fn error_items(doc: &[String]) -> Option<Vec<String>> {
    let start = doc.iter().position(|l| l.trim() == "# Errors")?;
    let mut items: Vec<String> = Vec::new();
    let mut in_item = false;
    for line in &doc[start + 1..] {
        if line.starts_with('#') {
            break;
        }
        if let Some(item) = line.strip_prefix("- ") {
            items.push(item.to_string());
            in_item = true;
        } else if in_item && line.starts_with("  ") {
            if let Some(last) = items.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        } else {
            in_item = false;
        }
    }
    Some(items)
}

/// `CLASS #ID, #ID: when.` as the class and the IDs, or what is wrong with it.
fn parse_item(item: &str) -> Result<(String, Vec<u32>), String> {
    let (head, when) = item
        .split_once(": ")
        .ok_or_else(|| format!("`- {item}`: not `CLASS #ID: when.`"))?;
    if when.trim().is_empty() || !when.ends_with('.') {
        return Err(format!(
            "`- {item}`: say when, as a sentence ending with '.'"
        ));
    }
    let (class, ids) = head
        .split_once(" #")
        .ok_or_else(|| format!("`- {item}`: not `CLASS #ID: when.`"))?;
    if !class_names().contains(&class) {
        return Err(format!(
            "`- {item}`: `{class}` is not an error class ({})",
            class_names().join(", ")
        ));
    }
    let ids = ids
        .split(", #")
        .map(|id| id.parse::<u32>())
        .collect::<Result<Vec<u32>, _>>()
        .map_err(|_| format!("`- {item}`: IDs must read `#3694` or `#3694, #3691`"))?;
    Ok((class.to_string(), ids))
}

/// Every `CLASS #ID` written anywhere in `text` (the first ID of a list).
fn mentions(text: &str) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    for class in class_names() {
        let pattern = format!("{class} #");
        let mut from = 0;
        while let Some(at) = text[from..].find(&pattern) {
            let start = from + at;
            from = start + pattern.len();
            // `Error #` inside `ArgumentError #` belongs to the longer name.
            let before = text[..start].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric()) {
                continue;
            }
            let digits: String = text[from..]
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            if let Ok(id) = digits.parse() {
                out.push((class.to_string(), id));
            }
        }
    }
    out
}

/// The (class, ID) pairs the code builds explicitly, from the sources under `dirs`.
fn raised_pairs(dirs: &[PathBuf]) -> BTreeSet<(String, u32)> {
    let mut files = Vec::new();
    for d in dirs {
        rust_files(d, &mut files);
    }
    let mut pairs = BTreeSet::new();
    for f in files {
        let src = fs::read_to_string(&f).unwrap_or_default();
        // Unit tests build errors to compare with: not what the code raises.
        let src = match src.find("#[cfg(test)]\nmod ") {
            Some(at) => &src[..at],
            None => &src[..],
        };
        pairs.extend(pairs_in(src));
    }
    pairs
}

/// The class of a constructor call at the start of `s` (whitespace removed) and the rest
/// after its `(` (and class argument).
fn constructor(s: &str) -> Option<(String, &str)> {
    if let Some(rest) = s.strip_prefix("FlashError::error(") {
        return Some((ErrorClass::Error.as_str().to_string(), rest));
    }
    if let Some(rest) = s.strip_prefix("FlashError::argument(") {
        return Some((ErrorClass::ArgumentError.as_str().to_string(), rest));
    }
    let rest = s.strip_prefix("FlashError::new(ErrorClass::")?;
    let (class, rest) = rest.split_once(',')?;
    Some((class.to_string(), rest))
}

fn leading_number(s: &str) -> Option<u32> {
    let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// The (class, ID) pairs one source file builds with a literal ID.
fn pairs_in(src: &str) -> BTreeSet<(String, u32)> {
    let s: String = src.chars().filter(|c| !c.is_whitespace()).collect();
    let mut pairs = BTreeSet::new();
    let mut closures: BTreeMap<String, String> = BTreeMap::new();
    for (at, _) in s.match_indices("FlashError::") {
        let Some((class, rest)) = constructor(&s[at..]) else {
            continue;
        };
        if let Some(id) = leading_number(rest) {
            pairs.insert((class, id));
            continue;
        }
        // `let NAME = |id: u32, ...| FlashError::...(id, ...)`: a closure of this class.
        let before = &s[..at];
        if let Some(open) = before.rfind("=|") {
            if !before[open..].contains(';') && before[open + 2..].contains('|') {
                if let Some(let_at) = before[..open].rfind("let") {
                    let name = &before[let_at + 3..open];
                    if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                        closures.insert(name.to_string(), class);
                    }
                }
            }
        }
    }
    for (name, class) in &closures {
        let call = format!("{name}(");
        for (at, _) in s.match_indices(&call) {
            let before = s[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            if let Some(id) = leading_number(&s[at + call.len()..]) {
                pairs.insert((class.clone(), id));
            }
        }
    }
    pairs
}

/// Whether Molehill raises `id` with `class`, given the pairs its code builds explicitly.
fn class_fits(class: &str, id: u32, raised: &BTreeSet<(String, u32)>) -> bool {
    if raised.contains(&(class.to_string(), id)) {
        return true;
    }
    class == ErrorClass::Error.as_str() && !raised.iter().any(|(_, i)| *i == id)
}

/// What is wrong with the docs of `src` (named `file`); `raised` as from [`raised_pairs`],
/// `None` to leave the classes unchecked.
fn problems(file: &str, src: &str, raised: Option<&BTreeSet<(String, u32)>>) -> Vec<String> {
    let mut out = Vec::new();
    let check = |m: &Method, class: &str, id: u32, out: &mut Vec<String>| {
        let at = format!("{file}:{} `{}`", m.line, m.name);
        if template(id).is_none() {
            out.push(format!(
                "{at}: {class} #{id} is not an ID of agal's error table"
            ));
        } else if let Some(raised) = raised {
            if !class_fits(class, id, raised) {
                let classes: Vec<&str> = raised
                    .iter()
                    .filter(|(_, i)| *i == id)
                    .map(|(c, _)| c.as_str())
                    .collect();
                out.push(format!(
                    "{at}: #{id} is raised as {}, not {class}",
                    classes.join(" / ")
                ));
            }
        }
    };
    for m in methods(src) {
        let at = format!("{file}:{} `{}`", m.line, m.name);
        for (class, id) in mentions(&m.doc.join("\n")) {
            check(&m, &class, id, &mut out);
        }
        if !m.fallible {
            continue;
        }
        let Some(items) = error_items(&m.doc) else {
            out.push(format!(
                "{at}: returns a Flash error but its doc has no `# Errors` section"
            ));
            continue;
        };
        if items.is_empty() {
            out.push(format!(
                "{at}: its `# Errors` section lists no `- CLASS #ID: when.` item"
            ));
        }
        for item in items {
            match parse_item(&item) {
                Ok((class, ids)) => {
                    // The first ID was checked as a mention; the others of a list here.
                    for id in ids.into_iter().skip(1) {
                        check(&m, &class, id, &mut out);
                    }
                }
                Err(e) => out.push(format!("{at}: {e}")),
            }
        }
    }
    out
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lives in the workspace")
        .to_path_buf()
}

#[test]
fn every_fallible_facade_method_names_its_flash_errors() {
    let root = workspace_root();
    let dirs: Vec<PathBuf> = ERROR_SOURCES.iter().map(|d| root.join(d)).collect();
    let raised = if dirs.iter().all(|d| d.is_dir()) {
        let raised = raised_pairs(&dirs);
        // The scan sees the sites it is meant to: context3d's #2008, its `err` closure's
        // #3694, agal's ArgumentError #3615 and Error #3615.
        for pair in [
            ("ArgumentError", 2008),
            ("Error", 3694),
            ("ArgumentError", 3615),
            ("Error", 3615),
            ("RangeError", 2006),
        ] {
            assert!(
                raised.contains(&(pair.0.to_string(), pair.1)),
                "the scan of the error sites misses {} #{}",
                pair.0,
                pair.1
            );
        }
        Some(raised)
    } else {
        println!(
            "note: agal's and context3d's sources are not beside this crate; \
             the documented classes are not checked (IDs and the form still are)"
        );
        None
    };

    let mut all = Vec::new();
    let mut fallible = BTreeSet::new();
    for file in &facade_files() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let src = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        fallible.extend(
            methods(&src)
                .into_iter()
                .filter(|m| m.fallible)
                .map(|m| m.name),
        );
        all.extend(problems(file, &src, raised.as_ref()));
    }
    // The parser sees the methods written out and those the `forward!` macro defines.
    for name in [
        "set_enable_error_checking",
        "draw_to_bitmap_data",
        "clear",
        "set_program",
        "set_program_constants_from_matrix",
        "set_fill_mode",
        "draw_triangles_instanced",
        "create_vertex_buffer",
        "program_upload",
        "texture_upload_compressed_from_byte_array",
        "set_x",
        "request_context3d_matching_profiles",
    ] {
        assert!(fallible.contains(name), "`{name}` not found as fallible");
    }
    for name in ["dispose", "texture_dispose", "set_visible", "profile"] {
        assert!(!fallible.contains(name), "`{name}` cannot fail");
    }
    println!("{} fallible facade methods checked", fallible.len());
    assert!(all.is_empty(), "facade error docs:\n{}", all.join("\n"));
}

/// A file that breaks each rule once, and one that keeps them.
#[test]
fn the_checker_finds_each_kind_of_mistake() {
    let root = workspace_root();
    let dirs: Vec<PathBuf> = ERROR_SOURCES.iter().map(|d| root.join(d)).collect();
    // Without the sources, the pairs every rule below needs, as the code builds them.
    let raised: BTreeSet<(String, u32)> = if dirs.iter().all(|d| d.is_dir()) {
        raised_pairs(&dirs)
    } else {
        [("ArgumentError", 2008), ("RangeError", 2006)]
            .iter()
            .map(|(c, i)| (c.to_string(), *i))
            .collect()
    };
    let bad = r#"
    /// `a()`.
    pub fn undocumented(&mut self) -> FlashResult<()> {}

    forward! {
        /// `b()`.
        pub fn in_macro(&mut self, matrix: &[f64; 16]) -> () => B;
    }

    /// `c()`.
    ///
    /// # Errors
    ///
    /// - Error #2008: wrong class.
    /// - Error #9999: no such ID.
    /// - ArgumentError #3694, #1: a list with a bad ID.
    /// - #3694 the context is disposed.
    /// - Error #3694: no full stop
    pub fn wrong(&mut self) -> Result<(), FlashError> {}

    /// `d()`.
    ///
    /// # Errors
    ///
    /// Nothing listed.
    pub fn empty(&mut self) -> FlashResult<()> {}

    /// `e()`: prose naming TypeError #3694 is checked too.
    pub fn infallible(&mut self) {}
"#;
    let found = problems("bad.rs", bad, Some(&raised));
    let expect = [
        "`undocumented`: returns a Flash error but its doc has no `# Errors` section",
        "`in_macro`: returns a Flash error but its doc has no `# Errors` section",
        "`wrong`: #2008 is raised as ArgumentError, not Error",
        "`wrong`: Error #9999 is not an ID of agal's error table",
        "`wrong`: #3694 is raised as",
        "`wrong`: ArgumentError #1 is not an ID of agal's error table",
        "`wrong`: `- #3694 the context is disposed.`: not `CLASS #ID: when.`",
        "`wrong`: `- Error #3694: no full stop`: say when",
        "`empty`: its `# Errors` section lists no `- CLASS #ID: when.` item",
        "`infallible`: #3694 is raised as",
    ];
    for e in expect {
        assert!(
            found.iter().any(|f| f.contains(e)),
            "expected a problem containing {e:?} in:\n{}",
            found.join("\n")
        );
    }
    assert_eq!(found.len(), expect.len(), "{}", found.join("\n"));

    let good = r#"
    /// `f()`.
    ///
    /// # Errors
    ///
    /// In this order:
    /// - Error #3694: the context is disposed or lost.
    /// - ArgumentError #2008: `mode` is not a `Context3DMode` value (a long line that goes on
    ///   to a second one).
    /// - Error #3620, #3621: AGAL validation fails.
    /// - RangeError #2006: `index` is out of range.
    pub fn good(&mut self) -> FlashResult<()> {}
"#;
    assert_eq!(
        problems("good.rs", good, Some(&raised)),
        Vec::<String>::new()
    );
}

#[test]
fn closures_and_qualified_paths_count_as_sites() {
    let src = "
        let err = |id: u32| FlashError::new(ErrorClass::Error, id, &[]);
        let arg = |id: u32, p: &str| FlashError::argument(id, &[p]);
        match e {
            A => err(3669),
            B => arg(2008, \"x\"),
            C => molehill_agal::flash::FlashError::error(2015, &[]),
            D => FlashError::new(
                ErrorClass::RangeError,
                2006,
                &[],
            ),
            E => not_err(3600),
        }
    ";
    let pairs: Vec<(String, u32)> = pairs_in(src).into_iter().collect();
    let expect: Vec<(String, u32)> = [
        ("ArgumentError", 2008),
        ("Error", 2015),
        ("Error", 3669),
        ("RangeError", 2006),
    ]
    .iter()
    .map(|(c, i)| (c.to_string(), *i))
    .collect();
    let mut expect = expect;
    expect.sort();
    assert_eq!(pairs, expect);
}
