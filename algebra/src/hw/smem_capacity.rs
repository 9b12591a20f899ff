//! The most shared memory one CTA may have, per chip: the opt-in maximum of dynamic shared
//! memory per block ("Maximum amount of shared memory per thread block", CUDA C++ Programming
//! Guide, the table of technical specifications per compute capability).
//!
//! ```text
//!   sm_70, sm_72                                   96 KiB
//!   sm_75                                          64 KiB
//!   sm_80, sm_87                                  163 KiB
//!   sm_86, sm_89, sm_120, sm_121                   99 KiB
//!   sm_90, sm_100, sm_101, sm_103, sm_110         227 KiB
//! ```
//!
//! A chip the table does not list has no known capacity (`None`): nothing is checked.

/// The most bytes of shared memory one CTA of `sm_<sm>` may have (module comment).
pub fn max_shared_bytes(sm: i64) -> Option<i64> {
    let kib = match sm {
        70 | 72 => 96,
        75 => 64,
        80 | 87 => 163,
        86 | 89 | 120 | 121 => 99,
        90 | 100 | 101 | 103 | 110 => 227,
        _ => return None,
    };
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table() {
        assert_eq!(max_shared_bytes(90), Some(232448));
        assert_eq!(max_shared_bytes(100), Some(227 * 1024));
        assert_eq!(max_shared_bytes(80), Some(166912));
        assert_eq!(max_shared_bytes(86), Some(99 * 1024));
        assert_eq!(max_shared_bytes(75), Some(64 * 1024));
        assert_eq!(max_shared_bytes(72), Some(96 * 1024));
    }

    #[test]
    fn unknown_chips_have_none() {
        for sm in [0, 60, 91, 200, -1] {
            assert_eq!(max_shared_bytes(sm), None, "{sm}");
        }
    }
}
