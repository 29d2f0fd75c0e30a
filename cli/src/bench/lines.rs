//! Printing a comparison's lines and its pictures' verdict: shared by [`super::ab`] (GL) and
//! `ab_wgpu` (wgpu), which import it and not each other.

use molehill_bench::rounds::{pictures, Outcome};

/// Prints each line.
pub(super) fn print_lines(lines: Vec<String>) {
    for line in lines {
        println!("{line}");
    }
}

/// Prints the pictures' comparison; `false` when they differ.
pub(super) fn report_pictures(out: &Outcome) -> bool {
    let (same, line) = pictures(out);
    println!("{line}");
    same
}
