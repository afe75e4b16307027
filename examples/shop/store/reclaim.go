// Package store keeps embedding vectors.
package store

import "context"

type (
	ID   int64
	Name string
)

var defaults = [][3]int{{0x0, 0xf, 0}, {1, 2, 3}, {4, 5, 6}, {7, 8, 9}}

// reclaim frees vectors no workspace uses,
// a batch at a time.
func (s *Store) reclaim(ctx context.Context, fp string) error {
	return s.sweep(ctx, fp, 512)
}
