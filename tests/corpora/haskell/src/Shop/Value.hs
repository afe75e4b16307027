-- | JSON values.
module Shop.Value (Value (..), ToJSON (..), render) where

-- | A JSON value.
-- lode: Shop.Value.Value
data Value
    = String String
    | Null

-- | Types that convert to a value.
-- lode: Shop.Value.ToJSON
class ToJSON a where
    -- lode: ToJSON.toJSON
    toJSON :: a -> Value

-- | Render a value as text.
-- lode: Shop.Value.render
render :: Value -> String
render Null = "null"
render (String s) = show s

renderFirst :: [Value] -> String
renderFirst [] = ""
renderFirst (v : _) =
    -- lode-ref: Shop.Value.render
    render v
