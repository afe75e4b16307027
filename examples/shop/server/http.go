// Package server exposes the shop's search over HTTP.
package server

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// Searcher finds products matching a query.
type Searcher interface {
	Search(query string, limit int) ([]string, error)
}

// Handler answers GET /search?q=…&limit=….
type Handler struct {
	Searcher Searcher
	MaxLimit int
}

// ServeHTTP decodes the query string, runs the search and writes the hits as JSON.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	if q == "" {
		http.Error(w, "missing query parameter q", http.StatusBadRequest)
		return
	}
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit <= 0 || limit > h.MaxLimit {
		limit = h.MaxLimit
	}
	hits, err := h.Searcher.Search(q, limit)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(hits)
}
