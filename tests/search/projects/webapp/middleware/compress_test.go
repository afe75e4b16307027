package middleware

import (
	"compress/gzip"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestCompressGzipsWhenAccepted checks gzip compression of a response body when the
// client accepts gzip, and no compression otherwise.
func TestCompressGzipsWhenAccepted(t *testing.T) {
	h := Compress(gzip.BestSpeed)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("hello compression"))
	}))
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatal("response was not gzip compressed")
	}
	gz, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	gz.Close()
}
