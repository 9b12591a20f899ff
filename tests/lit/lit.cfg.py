# lit configuration of the layout dialect suite.
#
# Run from `cargo test -p layout-opt --test lit`, twice: with the layout-opt built by cargo, and
# with Debian's mlir-opt-22 loading the plugin built from cmake/ (lit param driver=plugin).
# By hand:
#   LAYOUT_OPT_DIR=target/debug /usr/lib/llvm-22/bin/lit -v tests/lit
#   LAYOUT_PLUGIN=$PWD/target/layout-plugin/liblayout_plugin.so \
#     /usr/lib/llvm-22/bin/lit -v --param driver=plugin tests/lit
# LAYOUT_EMBED_DIR=target/embed adds the tests of the C and C++ embedding examples.
import os
import shutil
import sys

import lit.formats

config.name = "layout"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "plugin-driver"]
config.test_source_root = os.path.dirname(__file__)
# Temporary files (%t) go to LIT_EXEC_ROOT when set (the cargo runner uses target/lit).
if os.environ.get("LIT_EXEC_ROOT"):
    config.test_exec_root = os.environ["LIT_EXEC_ROOT"]

llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
paths = [llvm_bin, os.environ.get("PATH", "")]

# The embedding examples (examples/embed, built by tools/layout-opt/tests/lit.rs against the
# installed liblayout-c.so): feature `embed`, substitutions %embed_c and %embed_cpp.
embed_dir = os.environ.get("LAYOUT_EMBED_DIR")
if embed_dir:
    config.available_features.add("embed")
    config.substitutions.append(("%embed_cpp", os.path.join(embed_dir, "layout-embed-cpp")))
    config.substitutions.append(("%embed_c", os.path.join(embed_dir, "layout-embed-c")))

driver = lit_config.params.get("driver", "layout-opt")
if driver == "plugin":
    plugin = os.environ.get("LAYOUT_PLUGIN")
    if not plugin or not os.path.exists(plugin):
        lit_config.fatal("driver=plugin needs LAYOUT_PLUGIN=<path of liblayout_plugin.so>")
    config.name = "layout (mlir-opt + plugin)"
    # The plugin (a module over liblayout-c.so) carries every op, pass and pipeline of
    # layout-opt; plugin-driver/layout-opt turns pass flags into --pass-pipeline.
    config.available_features.add("plugin-driver")
    config.environment["LAYOUT_PLUGIN"] = plugin
    config.environment["MLIR_OPT"] = os.path.join(llvm_bin, "mlir-opt")
    paths.insert(0, os.path.join(config.test_source_root, "plugin-driver"))
    # The layout-opt executable itself, beside the plugin: tests that compare the two drivers
    # (driver/plugin_same_ptx.mlir) run it as %layout_opt_exe.
    layout_opt_dir = os.environ.get("LAYOUT_OPT_DIR")
    if layout_opt_dir and os.path.exists(os.path.join(layout_opt_dir, "layout-opt")):
        config.available_features.add("layout-opt-exe")
        config.substitutions.append(("%layout_opt_exe", os.path.join(layout_opt_dir, "layout-opt")))
else:
    layout_opt_dir = os.environ.get("LAYOUT_OPT_DIR")
    if layout_opt_dir:
        paths.insert(0, layout_opt_dir)
config.environment["PATH"] = os.pathsep.join(paths)
# %python: the interpreter that runs lit (the tests' Python scripts need only the standard
# library); it starts in a fraction of the time of a version-manager shim on PATH.
config.substitutions.append(("%python", sys.executable))
# The path of the `layout-opt` the tests run (for tests of the executable itself).
layout_opt_bin = shutil.which("layout-opt", path=config.environment["PATH"])
if layout_opt_bin:
    config.substitutions.append(("%layout_opt_bin", layout_opt_bin))
