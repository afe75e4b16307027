-- | JSON values.
module Shop.Value (Value (..), ToJSON (..), Item (..), Status (..), render, firstLine, lastLine) where

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

-- | An order's line.
data Item = Item
    -- lode: Shop.Value.sku
    { sku :: String
    -- lode: Shop.Value.quantity Value.quantity
    , quantity :: Int
    }

-- | Where an order stands.
data Status
    -- lode: Shop.Value.Open Value.Open
    = Open
    | Closed

-- | The first and the last line of a rendered value.
-- lode: Shop.Value.firstLine Shop.Value.lastLine
firstLine, lastLine :: Value -> String
firstLine = takeWhile (/= '\n') . render
lastLine = reverse . takeWhile (/= '\n') . reverse . render
