// Another file without a package clause: Sketch is the root package's, named without an
// import, as a supertype and in a signature.

class Doodle(private val strokes: Int) : Sketch {
    override fun draw() = "doodle of $strokes strokes"
}

fun drawAll(sketches: List<Sketch>): String = sketches.joinToString { it.draw() }
