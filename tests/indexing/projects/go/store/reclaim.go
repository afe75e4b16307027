// Package store keeps embedding vectors and frees the ones nobody uses.
package store

import (
	"context"
	"errors"
)

// ErrClosed is returned by every method after Close.
var ErrClosed = errors.New("store: closed")

// Store holds vectors keyed by content hash.
type Store struct {
	closed bool
	refs   map[string]int
}

// reclaimVectors frees vectors no workspace uses,
// a batch at a time.
func (s *Store) reclaimVectors(ctx context.Context, batch int) (int, error) {
	if s.closed {
		return 0, ErrClosed
	}
	return s.sweep(ctx, batch)
}

// sweep deletes up to n unreferenced rows.
func (s *Store) sweep(ctx context.Context, n int) (int, error) {
	freed := 0
	for key, count := range s.refs {
		if count == 0 && freed < n {
			delete(s.refs, key)
			freed++
		}
	}
	return freed, ctx.Err()
}
