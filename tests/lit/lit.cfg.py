# lit configuration of the layout dialect suite.
#
# Run from `cargo test -p layout-opt --test lit`, which sets LAYOUT_OPT_DIR to the directory of
# the freshly built layout-opt. By hand:
#   LAYOUT_OPT_DIR=target/debug /usr/lib/llvm-22/bin/lit -v tests/lit
import os

import lit.formats

config.name = "layout"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
paths = [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))]
layout_opt_dir = os.environ.get("LAYOUT_OPT_DIR")
if layout_opt_dir:
    paths.insert(0, layout_opt_dir)
config.environment["PATH"] = os.pathsep.join(paths)

# mlir-opt-22 plugin tests: the path of liblayout_plugin.so, when built.
plugin = os.environ.get("LAYOUT_PLUGIN")
if plugin and os.path.exists(plugin):
    config.available_features.add("plugin")
    config.substitutions.append(("%layout_plugin", plugin))
