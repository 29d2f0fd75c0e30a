//! Deterministic names, derived from AGAL registers (docs/semantics.md, "Names"), the same in
//! GLSL and WGSL.
//!
//! None of them is a GLSL or WGSL keyword or reserved word, starts with `gl_` or `__`, or
//! contains `__` (GLSL ES 3.00 section 3.8, "Identifiers"; WGSL section 15.1, "Identifiers"),
//! so no renaming is ever needed.

/// `va0`..`va15`.
pub(crate) const ATTRIBUTES: [&str; 16] = [
    "va0", "va1", "va2", "va3", "va4", "va5", "va6", "va7", "va8", "va9", "va10", "va11", "va12",
    "va13", "va14", "va15",
];
/// `v0`..`v9`.
pub(crate) const VARYINGS: [&str; 10] =
    ["v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9"];
/// `vt0`..`vt25`.
pub(crate) const VERTEX_TEMPORARIES: [&str; 26] = [
    "vt0", "vt1", "vt2", "vt3", "vt4", "vt5", "vt6", "vt7", "vt8", "vt9", "vt10", "vt11", "vt12",
    "vt13", "vt14", "vt15", "vt16", "vt17", "vt18", "vt19", "vt20", "vt21", "vt22", "vt23", "vt24",
    "vt25",
];
/// `ft0`..`ft25`.
pub(crate) const FRAGMENT_TEMPORARIES: [&str; 26] = [
    "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "ft8", "ft9", "ft10", "ft11", "ft12",
    "ft13", "ft14", "ft15", "ft16", "ft17", "ft18", "ft19", "ft20", "ft21", "ft22", "ft23", "ft24",
    "ft25",
];
/// `fs0`..`fs15`.
pub(crate) const SAMPLERS: [&str; 16] = [
    "fs0", "fs1", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9", "fs10", "fs11", "fs12",
    "fs13", "fs14", "fs15",
];
/// `oc0`..`oc3`.
pub(crate) const COLOR_OUTPUTS: [&str; 4] = ["oc0", "oc1", "oc2", "oc3"];
/// The vertex constant array.
pub(crate) const VERTEX_CONSTANTS: &str = "vc";
/// The fragment constant array.
pub(crate) const FRAGMENT_CONSTANTS: &str = "fc";
/// The instance id, `vec4(float(gl_InstanceID))`.
pub(crate) const INSTANCE_ID: &str = "iid";

/// The name in `table` of register `index`; the scan checked `index` against the limits, which
/// never exceed the tables, so `None` only follows a limit larger than a table.
pub(crate) fn lookup(table: &'static [&'static str], index: u16) -> Option<&'static str> {
    table.get(usize::from(index)).copied()
}

/// Appends the decimal digits of `n`.
pub(crate) fn push_u32(out: &mut String, n: u32) {
    if n >= 10 {
        push_u32(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}
