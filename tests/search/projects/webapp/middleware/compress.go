package middleware

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
)

// Compress is a middleware that gzips response bodies for clients that send
// Accept-Encoding: gzip.
func Compress(level int) func(next http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
				next.ServeHTTP(w, r)
				return
			}
			gz, err := gzip.NewWriterLevel(w, level)
			if err != nil {
				next.ServeHTTP(w, r)
				return
			}
			defer gz.Close()
			w.Header().Set("Content-Encoding", "gzip")
			next.ServeHTTP(&gzipWriter{ResponseWriter: w, w: gz}, r)
		})
	}
}

type gzipWriter struct {
	http.ResponseWriter
	w io.Writer
}

func (g *gzipWriter) Write(b []byte) (int, error) { return g.w.Write(b) }
