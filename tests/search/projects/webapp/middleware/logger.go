package middleware

import (
	"log"
	"net/http"
	"time"
)

// Logger logs the start and end of each request with the elapsed processing time.
func Logger(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		log.Printf("started %s %s", r.Method, r.URL.Path)
		next.ServeHTTP(w, r)
		log.Printf("completed %s in %v", r.URL.Path, time.Since(start))
	})
}
