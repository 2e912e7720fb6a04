// ops_resources holds only Qt resources (see CMakeLists.txt); this file gives the static
// library an object of its own so every toolchain archives it.
namespace ops {
int resourcesLinked()
{
    return 1;
}
} // namespace ops
