# lode: infra.region
variable "region" {
  default = "eu-west-1"
}

# lode: infra.assets
resource "aws_s3_bucket" "assets" {
  bucket = "shop-assets"
}
