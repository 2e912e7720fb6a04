// The holder targets' only source: they exist to compile cmake/precompiled.h once per flavour.
