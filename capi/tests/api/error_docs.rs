//! Every C function of the API names the Flash errors its facade method names, in the facade's
//! form (issue 24 item 5: capi's `# Errors` docs checked against the facade's, whose own are
//! checked by `player-shim/tests/api/docs.rs`).
//!
//! The files are read as text. A C function (`pub unsafe extern "C" fn` or `pub extern "C" fn`
//! under `capi/src`) calls the facade method its doc names (``The facade's `Type::method` ``),
//! or else `Stage3D::X` / `Context3D::X` for `mh_stage3d_X` / `mh_context3d_X` when the facade
//! has such a method. When that method's doc has a `# Errors` section, the C function's must
//! have one too, its items in the form `- CLASS #ID: when.` (or `#ID, #ID`), with the same set
//! of `CLASS #ID` as the facade's: the C boundary adds statuses (`MH_STATUS_NULL_POINTER` and
//! the like), never Flash errors. A C function whose facade method cannot fail lists none; a
//! method it names must exist.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common::rust_files;

const CLASSES: [&str; 4] = ["Error", "ArgumentError", "RangeError", "TypeError"];

/// A function and its doc comment (`///` and one space removed).
#[derive(Debug)]
struct Doc {
    name: String,
    at: String,
    lines: Vec<String>,
}

/// The doc comment above line `i` (attributes skipped).
fn doc_above(lines: &[&str], i: usize) -> Vec<String> {
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
    doc
}

fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The functions of `text` whose line starts with one of `prefixes` (after indentation), with
/// the `impl` type they are in (`impl Type {` at the start of a line; `""` outside one).
fn functions(file: &str, text: &str, prefixes: &[&str]) -> Vec<(String, Doc)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut ty = String::new();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(rest) = line.strip_prefix("impl ") {
            ty = rest.trim_end_matches(" {").trim().to_string();
            continue;
        }
        if line.starts_with('}') {
            ty.clear();
        }
        let t = line.trim_start();
        let Some(rest) = prefixes.iter().find_map(|p| t.strip_prefix(p)) else {
            continue;
        };
        let name = ident(rest);
        out.push((
            ty.clone(),
            Doc {
                at: format!("{file}:{}", i + 1),
                name,
                lines: doc_above(&lines, i),
            },
        ));
    }
    out
}

/// The `# Errors` items (continuation lines joined), `None` without the section.
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

/// The `CLASS #ID`s of an item `CLASS #ID, #ID: when.`, or what is wrong with it.
fn item_pairs(item: &str) -> Result<Vec<(String, u32)>, String> {
    let bad = || format!("`- {item}`: not `CLASS #ID: when.`");
    let (head, when) = item.split_once(": ").ok_or_else(bad)?;
    if !when.ends_with('.') {
        return Err(format!("`- {item}`: say when, ending with '.'"));
    }
    let (class, ids) = head.split_once(" #").ok_or_else(bad)?;
    if !CLASSES.contains(&class) {
        return Err(format!("`- {item}`: `{class}` is not an error class"));
    }
    ids.split(", #")
        .map(|id| id.parse().map(|id| (class.to_string(), id)))
        .collect::<Result<_, _>>()
        .map_err(|_| bad())
}

/// The set of `CLASS #ID` an `# Errors` section names, or its problems.
fn error_set(items: &[String]) -> Result<BTreeSet<(String, u32)>, Vec<String>> {
    let mut set = BTreeSet::new();
    let mut problems = Vec::new();
    for item in items {
        match item_pairs(item) {
            Ok(pairs) => set.extend(pairs),
            Err(e) => problems.push(e),
        }
    }
    if problems.is_empty() {
        Ok(set)
    } else {
        Err(problems)
    }
}

fn show(set: &BTreeSet<(String, u32)>) -> String {
    let v: Vec<String> = set.iter().map(|(c, i)| format!("{c} #{i}")).collect();
    v.join(", ")
}

/// The facade's methods, `Type::name` -> doc.
fn facade(player: &Path) -> BTreeMap<String, Doc> {
    let mut files = vec![player.join("src/stage3d.rs")];
    files.extend(rust_files(&player.join("src/context")));
    let mut out = BTreeMap::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for (ty, doc) in functions(&f.display().to_string(), &text, &["pub fn "]) {
            if ty == "Stage3D" || ty == "Context3D" {
                out.insert(format!("{ty}::{}", doc.name), doc);
            }
        }
    }
    out
}

/// What is wrong with the C functions' docs of the files `(name, text)` against `facade`;
/// also how many C functions were checked against a fallible facade method.
fn problems(files: &[(String, String)], facade: &BTreeMap<String, Doc>) -> (Vec<String>, usize) {
    let mut out = Vec::new();
    let mut checked = 0;
    for (file, text) in files {
        let prefixes = ["pub unsafe extern \"C\" fn ", "pub extern \"C\" fn "];
        for (_, c) in functions(file, text, &prefixes) {
            let at = format!("{} `{}`", c.at, c.name);
            let joined = c.lines.join("\n");
            let named = joined
                .split("The facade's `")
                .nth(1)
                .and_then(|rest| rest.split_once('`'))
                .map(|(m, _)| m.to_string())
                .filter(|m| m.contains("::"));
            let guessed = [
                ("mh_stage3d_", "Stage3D::"),
                ("mh_context3d_", "Context3D::"),
            ]
            .iter()
            .find_map(|(p, ty)| Some(format!("{ty}{}", c.name.strip_prefix(p)?)))
            .filter(|m| facade.contains_key(m));
            let Some(method) = named.or(guessed) else {
                continue;
            };
            let Some(f) = facade.get(&method) else {
                out.push(format!("{at}: names `{method}`, which the facade lacks"));
                continue;
            };
            let ours = error_items(&c.lines);
            if c.lines.iter().any(|l| l.starts_with("Errors:")) {
                out.push(format!(
                    "{at}: an `Errors:` line; list them in a `# Errors` section"
                ));
            }
            let Some(theirs) = error_items(&f.lines) else {
                if ours.is_some() {
                    out.push(format!(
                        "{at}: a `# Errors` section, but `{method}` cannot fail"
                    ));
                }
                continue;
            };
            checked += 1;
            let Some(ours) = ours else {
                out.push(format!(
                    "{at}: no `# Errors` section; `{method}` gives {}",
                    error_set(&theirs).map(|s| show(&s)).unwrap_or_default()
                ));
                continue;
            };
            match (error_set(&ours), error_set(&theirs)) {
                (Err(e), _) => out.extend(e.into_iter().map(|e| format!("{at}: {e}"))),
                (_, Err(e)) => out.extend(e.into_iter().map(|e| format!("{} (facade): {e}", f.at))),
                (Ok(ours), Ok(theirs)) if ours != theirs => out.push(format!(
                    "{at}: names {}; `{method}` gives {}",
                    show(&ours),
                    show(&theirs)
                )),
                _ => {}
            }
        }
    }
    (out, checked)
}

#[test]
fn every_c_function_names_its_facade_methods_flash_errors() {
    let capi = Path::new(env!("CARGO_MANIFEST_DIR"));
    let player = capi.parent().expect("the workspace").join("player-shim");
    if !player.join("src/stage3d.rs").is_file() {
        println!("note: the facade's sources are not beside this crate; nothing checked");
        return;
    }
    let facade = facade(&player);
    for m in [
        "Stage3D::set_x",
        "Context3D::clear",
        "Context3D::program_upload",
    ] {
        assert!(
            facade
                .get(m)
                .is_some_and(|d| error_items(&d.lines).is_some()),
            "the facade's `{m}` not found with its `# Errors`"
        );
    }
    let paths = rust_files(&capi.join("src"));
    let files: Vec<(String, String)> = paths
        .iter()
        .map(|p| {
            let name = p.strip_prefix(capi).unwrap_or(p).display().to_string();
            (name, std::fs::read_to_string(p).expect("a source file"))
        })
        .collect();
    let (found, checked) = problems(&files, &facade);
    println!("{checked} C functions checked against a fallible facade method");
    assert!(checked >= 40, "only {checked} C functions checked");
    assert!(found.is_empty(), "C error docs:\n{}", found.join("\n"));
}

/// A C file that breaks each rule once, and one that keeps them.
#[test]
fn the_checker_finds_each_kind_of_mistake() {
    let facade_src = r#"
impl Context3D {
    /// `clear()`.
    ///
    /// # Errors
    ///
    /// - Error #3694: the context is disposed.
    /// - ArgumentError #2008, #2004: a bad value (a line that goes on
    ///   to a second one).
    pub fn clear(&mut self) -> FlashResult<()> {}

    /// Cannot fail.
    pub fn dispose(&mut self) {}
}
impl Stage3D {
    /// # Errors
    ///
    /// - ArgumentError #2006: `value` is out of range.
    pub fn set_x(&mut self, value: f64) -> Result<(), FlashError> {}
}
"#;
    let facade: BTreeMap<String, Doc> = functions("facade.rs", facade_src, &["pub fn "])
        .into_iter()
        .map(|(ty, d)| (format!("{ty}::{}", d.name), d))
        .collect();
    let bad = r#"
/// The facade's `Context3D::clear`.
#[no_mangle]
pub unsafe extern "C" fn mh_missing() -> MhStatus {}

/// # Errors
///
/// - Error #3694: the context is disposed.
///
/// The facade's `Context3D::clear`.
pub unsafe extern "C" fn mh_fewer() -> MhStatus {}

/// # Errors
///
/// - RangeError #2006: out of range.
pub extern "C" fn mh_stage3d_set_x() -> MhStatus {}

/// Errors: ArgumentError #2006 when out of range.
///
/// # Errors
///
/// - ArgumentError #2006 out of range.
///
/// The facade's `Stage3D::set_x`.
pub extern "C" fn mh_form(stage: *mut MhStage3D) -> MhStatus {}

/// The facade's `Context3D::dispose`.
///
/// # Errors
///
/// - Error #3694: never.
pub unsafe extern "C" fn mh_context3d_dispose() -> MhStatus {}

/// The facade's `Context3D::gone`.
pub unsafe extern "C" fn mh_gone() -> MhStatus {}
"#;
    let (found, _) = problems(&[("bad.rs".into(), bad.into())], &facade);
    let expect = [
        "`mh_missing`: no `# Errors` section; `Context3D::clear` gives ArgumentError #2004, \
         ArgumentError #2008, Error #3694",
        "`mh_fewer`: names Error #3694; `Context3D::clear` gives ArgumentError #2004, \
         ArgumentError #2008, Error #3694",
        "`mh_stage3d_set_x`: names RangeError #2006; `Stage3D::set_x` gives ArgumentError #2006",
        "`mh_form`: an `Errors:` line",
        "`mh_form`: `- ArgumentError #2006 out of range.`: not `CLASS #ID: when.`",
        "`mh_context3d_dispose`: a `# Errors` section, but `Context3D::dispose` cannot fail",
        "`mh_gone`: names `Context3D::gone`, which the facade lacks",
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
/// `clear()`.
///
/// # Errors
///
/// - ArgumentError #2004, #2008: a bad value.
/// - Error #3694: the context is disposed or lost.
///
/// The facade's `Context3D::clear`.
pub unsafe extern "C" fn mh_context3d_clear() -> MhStatus {}

/// The facade's `Context3D::dispose`.
pub unsafe extern "C" fn mh_context3d_dispose() -> MhStatus {}

/// Not the facade's.
pub extern "C" fn mh_version() -> u32 {}
"#;
    let (found, checked) = problems(&[("good.rs".into(), good.into())], &facade);
    assert_eq!(found, Vec::<String>::new());
    assert_eq!(checked, 1);
}
