const built = new (make().Thing as any).Inner();
