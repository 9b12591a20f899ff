use std::os::unix::ffi::OsStringExt;

fn main() {
    let args = std::env::args_os().map(|a| String::from_utf8_lossy(&a.into_vec()).into_owned());
    std::process::exit(layout_opt::run(args));
}
