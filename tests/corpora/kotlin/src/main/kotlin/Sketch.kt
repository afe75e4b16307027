// A file without a package clause: its names are top-level, with no dot in them.

interface Sketch {
    fun draw(): String
}

class Outline : Sketch {
    override fun draw() = "outline"
}
